#include "compose/FigureComposer.h"

#include "bench/TableWriters.h"
#include "app/DialogFolders.h"
#include "compose/FigureOptionsForm.h"
#include "compose/FigurePreview.h"
#include "compose/TableHtml.h"
#include "figure/FigureBuilder.h"
#include "figure/FigureExport.h"
#include "figure/FigureStyle.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTextBrowser>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <memory>

namespace ll::ui {

namespace fs = std::filesystem;
using figure::FigureKind;
using figure::FigureSpec;

std::optional<fs::path> defaultBenchFolder(const fs::path& dataset) {
    if (dataset.empty()) return std::nullopt;
    std::error_code ec;
    const fs::path results = dataset / "results";
    if (fs::is_regular_file(results / "per_image.csv", ec)) return results;
    return std::nullopt;
}

namespace {

// The on-screen preview is drawn at the resolution that fills the preview's width, within these
// bounds (exports use the description's dpi).
constexpr double kMinPreviewDpi = 72.0;
constexpr double kMaxPreviewDpi = 200.0;

const std::vector<std::pair<FigureKind, QString>>& kinds() {
    static const std::vector<std::pair<FigureKind, QString>> k{
        {FigureKind::Grid, QObject::tr("Grid of images and error maps")},
        {FigureKind::Mosaic, QObject::tr("Mosaic of images (scenes x models)")},
        {FigureKind::Bands, QObject::tr("Scores per intensity band")},
        {FigureKind::Classes, QObject::tr("Scores per class")},
        {FigureKind::Percentiles, QObject::tr("Percentile curve (best x% of images)")},
        {FigureKind::Histogram, QObject::tr("Histogram of per-image scores")},
        {FigureKind::Table, QObject::tr("Benchmark table")}};
    return k;
}

QString columnTitle(const std::string& kind) {
    static const std::map<std::string, QString> t{{"input", "Input (8-bit)"},   {"edit", "Edit"},
                                                  {"real", "Real target"},      {"ratio_real", "E_R (real ratio)"},
                                                  {"ratio_edit", "E_G (edit ratio)"}, {"sie_map", "SIE map"},
                                                  {"lfe_map", "LFE map"},       {"mask", "Valid pixels (mask)"},
                                                  {"real_on", "Real on"},       {"real_off", "Real off"},
                                                  {"diff_real", "Real on \u2212 off"}, {"diff_edit", "Edit \u2212 input"},
                                                  {"band_map", "Intensity bands"}, {"annotations", "Annotations"}};
    const auto it = t.find(kind);
    return it == t.end() ? QString::fromStdString(kind) : it->second;
}

QListWidgetItem* checkItem(QListWidget* list, const QString& text, const QString& key, bool checked) {
    auto* item = new QListWidgetItem(text, list);
    item->setData(Qt::UserRole, key);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    return item;
}

std::vector<std::string> checkedKeys(const QListWidget* list) {
    std::vector<std::string> keys;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked) keys.push_back(list->item(i)->data(Qt::UserRole).toString().toStdString());
    return keys;
}

// Checks exactly `keys` and, when `reorder`, moves them to the top in that order.
void setChecked(QListWidget* list, const std::vector<std::string>& keys, bool reorder) {
    if (reorder) {
        int at = 0;
        for (const std::string& k : keys)
            for (int i = at; i < list->count(); ++i)
                if (list->item(i)->data(Qt::UserRole).toString().toStdString() == k) {
                    list->insertItem(at++, list->takeItem(i));
                    break;
                }
    }
    for (int i = 0; i < list->count(); ++i) {
        const std::string k = list->item(i)->data(Qt::UserRole).toString().toStdString();
        list->item(i)->setCheckState(std::find(keys.begin(), keys.end(), k) != keys.end() ? Qt::Checked : Qt::Unchecked);
    }
}

QString oneLine(QString s) {
    s.replace('\n', ' ');
    return s;
}

QString shellQuote(const QString& s) {
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_./:=+-]+$"));
    if (safe.match(s).hasMatch()) return s;
    QString q = s;
    q.replace('\'', QStringLiteral("'\\''"));
    return '\'' + q + '\'';
}

} // namespace

FigureComposer::FigureComposer(JobRunner* runner, ComposerContext context, QWidget* parent)
    : QWidget(parent, Qt::Window), runner_(runner), context_(std::move(context)) {
    setWindowTitle(tr("Compose figure — LightLens"));
    if (!context_.bench) context_.bench = defaultBenchFolder(context_.dataset);
    (void)figure::figureFontFamily(); // load the figure font on the GUI thread before any job draws text

    // Start from a grid of the case on screen when there is a dataset, else from the bands plot.
    spec_.kind = context_.dataset.empty() ? FigureKind::Bands : FigureKind::Grid;
    spec_.scene = context_.scene.toStdString();
    spec_.model = context_.model.toStdString();
    spec_.tasks = {taskName(context_.task)};
    debounce_ = new QTimer(this);
    debounce_->setSingleShot(true);
    debounce_->setInterval(300);
    connect(debounce_, &QTimer::timeout, this, &FigureComposer::startPreview);

    buildForm();
    syncForm();
    resize(1280, 760);
    startPreview();
}

void FigureComposer::buildForm() {
    // --- left: the form ------------------------------------------------------------------------
    auto* form = new QWidget;
    auto* formLayout = new QVBoxLayout(form);
    auto* general = new QGroupBox(tr("Figure"));
    auto* g = new QFormLayout(general);
    kind_ = new QComboBox;
    for (const auto& [k, name] : kinds()) kind_->addItem(name, int(k));
    g->addRow(tr("Kind"), kind_);
    width_ = new QComboBox;
    width_->setEditable(true);
    width_->addItems({"two-column", "one-column", "12cm", "5in"});
    width_->setToolTip(tr("one-column (8.5 cm), two-column (17.8 cm), or a length such as 12cm, 85mm, 3.35in, 241pt"));
    g->addRow(tr("Width"), width_);
    auto* tasks = new QHBoxLayout;
    taskOn_ = new QCheckBox(tr("turn on"));
    taskOff_ = new QCheckBox(tr("turn off"));
    tasks->addWidget(taskOn_);
    tasks->addWidget(taskOff_);
    tasks->addStretch();
    g->addRow(tr("Tasks"), tasks);
    models_ = new QListWidget;
    models_->setDragDropMode(QAbstractItemView::InternalMove);
    models_->setMaximumHeight(120);
    models_->setToolTip(tr("Models to show, in this order (drag to reorder); none checked = all"));
    for (const QString& m : context_.models) checkItem(models_, m, m, false);
    g->addRow(tr("Models"), models_);
    best_ = new QDoubleSpinBox;
    best_->setRange(1, 100);
    best_->setSuffix(" %");
    best_->setToolTip(tr("Per model, the mean of the best x% of images (bands, classes, histogram, tables)"));
    g->addRow(tr("Best"), best_);
    auto* benchRow = new QHBoxLayout;
    benchLabel_ = new QLabel;
    benchLabel_->setWordWrap(true);
    auto* chooseBench = new QPushButton(tr("Choose…"));
    benchRow->addWidget(benchLabel_, 1);
    benchRow->addWidget(chooseBench);
    g->addRow(tr("Results"), benchRow);
    formLayout->addWidget(general);

    pages_ = new QStackedWidget;
    // grid page
    auto* gridPage = new QGroupBox(tr("Grid"));
    auto* gf = new QFormLayout(gridPage);
    rows_ = new QComboBox;
    rows_->addItem(tr("the models of one scene"), "models");
    rows_->addItem(tr("the scenes of one model"), "scenes");
    gf->addRow(tr("Rows"), rows_);
    orientation_ = new QComboBox;
    orientation_->setObjectName(QStringLiteral("orientation"));
    orientation_->addItem(tr("models as rows"), "rows");
    orientation_->addItem(tr("models as columns (scenes as rows)"), "columns");
    gf->addRow(tr("Orientation"), orientation_);
    scene_ = new QComboBox;
    scene_->addItems(context_.scenes);
    gf->addRow(tr("Scene"), scene_);
    model_ = new QComboBox;
    model_->addItems(context_.models);
    gf->addRow(tr("Model"), model_);
    scenes_ = new QListWidget;
    scenes_->setDragDropMode(QAbstractItemView::InternalMove);
    scenes_->setMaximumHeight(110);
    for (const QString& s : context_.scenes) checkItem(scenes_, s, s, false);
    gf->addRow(tr("Scenes"), scenes_);
    columns_ = new QListWidget;
    columns_->setDragDropMode(QAbstractItemView::InternalMove);
    columns_->setToolTip(tr("Columns, left to right (drag to reorder)"));
    for (const std::string& c : figure::gridColumnKinds()) checkItem(columns_, columnTitle(c), QString::fromStdString(c), false);
    columns_->setMaximumHeight(170);
    gf->addRow(tr("Columns"), columns_);
    differenceTone_ = new QComboBox;
    differenceTone_->setObjectName(QStringLiteral("difference_tone"));
    differenceTone_->addItem(tr("|difference|, tone-mapped"), "exposure");
    differenceTone_->addItem(tr("signed, with a colour bar"), "signed");
    gf->addRow(tr("Differences"), differenceTone_);
    image_ = new QComboBox;
    image_->setObjectName(QStringLiteral("mosaic_image"));
    for (const std::string& c : figure::gridColumnKinds()) image_->addItem(columnTitle(c), QString::fromStdString(c));
    gf->addRow(tr("Mosaic image"), image_);
    exposure_ = new QDoubleSpinBox;
    exposure_->setRange(-10, 10);
    exposure_->setSingleStep(0.5);
    exposure_->setSuffix(" EV");
    gf->addRow(tr("Real exposure"), exposure_);
    repeatTiles_ = new QCheckBox(tr("repeat input and real in every row"));
    gf->addRow(QString(), repeatTiles_);
    auto* insetRow = new QHBoxLayout;
    auto* addInset = new QPushButton(tr("Add inset from view"));
    addInset->setToolTip(tr("Adds a zoom inset of the region visible in the inspector's panes"));
    addInset->setEnabled(bool(context_.viewRect));
    auto* clearInsets = new QPushButton(tr("Clear"));
    insetPlacement_ = new QComboBox;
    insetPlacement_->addItem(tr("beside"), "beside");
    insetPlacement_->addItem(tr("inside"), "inside");
    insetRow->addWidget(addInset);
    insetRow->addWidget(clearInsets);
    insetRow->addWidget(insetPlacement_);
    gf->addRow(tr("Insets"), insetRow);
    insetsLabel_ = new QLabel;
    gf->addRow(QString(), insetsLabel_);
    pages_->addWidget(gridPage);
    // plot page
    auto* plotPage = new QGroupBox(tr("Plot"));
    auto* pf = new QFormLayout(plotPage);
    metrics_ = new QListWidget;
    metrics_->setMaximumHeight(110);
    for (const char* m : {"sie", "lfe", "sie1", "psnr", "ssim"}) checkItem(metrics_, QString(m).toUpper(), m, false);
    pf->addRow(tr("Scores"), metrics_);
    bins_ = new QSpinBox;
    bins_->setRange(2, 200);
    pf->addRow(tr("Histogram bins"), bins_);
    density_ = new QCheckBox(tr("fractions instead of counts"));
    pf->addRow(QString(), density_);
    baseline_ = new QCheckBox(tr("show the do-nothing baseline"));
    pf->addRow(QString(), baseline_);
    logY_ = new QCheckBox(tr("logarithmic y axis"));
    logY_->setToolTip(tr("For scores spanning several orders of magnitude (not for the classes plot)"));
    pf->addRow(QString(), logY_);
    classValues_ = new QComboBox;
    classValues_->setObjectName(QStringLiteral("class_values"));
    classValues_->addItem(tr("relative to the best model"), "relative");
    classValues_->addItem(tr("absolute scores"), "absolute");
    pf->addRow(tr("Classes"), classValues_);
    pages_->addWidget(plotPage);
    // table page
    auto* tablePage = new QGroupBox(tr("Table"));
    auto* tf = new QFormLayout(tablePage);
    table_ = new QComboBox;
    for (const char* t : {"main", "percentiles", "bands", "classes", "classes_relative", "regime", "classic", "sie1"}) table_->addItem(t, t);
    tf->addRow(tr("Table"), table_);
    pages_->addWidget(tablePage);
    // The stack takes the height of the page shown, not of its tallest page (the grid's), so the
    // plot and table forms do not scroll over empty space.
    auto fitPage = [this](int current) {
        for (int i = 0; i < pages_->count(); ++i)
            pages_->widget(i)->setSizePolicy(QSizePolicy::Preferred,
                                              i == current ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        pages_->adjustSize();
    };
    connect(pages_, &QStackedWidget::currentChanged, this, fitPage);
    fitPage(pages_->currentIndex());
    formLayout->addWidget(pages_);
    options_ = new FigureOptionsForm(context_.models);
    formLayout->addWidget(options_);

    auto* buttons = new QHBoxLayout;
    auto* open = new QPushButton(tr("Open description…"));
    auto* save = new QPushButton(tr("Save description…"));
    auto* exportButton = new QPushButton(tr("Export…"));
    exportButton->setDefault(true);
    buttons->addWidget(open);
    buttons->addWidget(save);
    buttons->addWidget(exportButton);
    formLayout->addStretch();

    // --- right: the preview ------------------------------------------------------------------------
    auto* right = new QWidget;
    auto* rl = new QVBoxLayout(right);
    previewPages_ = new QStackedWidget;
    preview_ = new FigurePreview;
    tableText_ = new QTextBrowser;
    previewPages_->addWidget(preview_);
    previewPages_->addWidget(tableText_);
    rl->addWidget(previewPages_, 1);
    status_ = new QLabel;
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rl->addWidget(status_);
    command_ = new QLineEdit;
    command_->setReadOnly(true);
    command_->setToolTip(tr("Rebuilds this figure without a display, from the saved description"));
    rl->addWidget(command_);

    auto* split = new QSplitter;
    // The form scrolls when the window is shorter than it (grids have the most controls); the
    // buttons stay below it.
    auto* formScroll = new QScrollArea;
    formScroll->setWidget(form);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    formScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    formScroll->setMinimumWidth(form->sizeHint().width() + formScroll->verticalScrollBar()->sizeHint().width());
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(formScroll, 1);
    leftLayout->addLayout(buttons);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({400, 880});
    auto* top = new QHBoxLayout(this);
    top->setContentsMargins(6, 6, 6, 6);
    top->addWidget(split);

    // --- wiring ----------------------------------------------------------------------------------
    auto changed = [this] { formChanged(); };
    for (QComboBox* c : {kind_, rows_, scene_, model_, insetPlacement_, table_, orientation_, differenceTone_, image_, classValues_})
        connect(c, &QComboBox::currentIndexChanged, this, changed);
    connect(width_, &QComboBox::currentTextChanged, this, changed);
    for (QCheckBox* c : {taskOn_, taskOff_, repeatTiles_, density_, baseline_, logY_}) connect(c, &QCheckBox::toggled, this, changed);
    for (QListWidget* l : {models_, scenes_, columns_, metrics_}) {
        connect(l, &QListWidget::itemChanged, this, changed);
        connect(l->model(), &QAbstractItemModel::rowsMoved, this, changed);
    }
    for (QDoubleSpinBox* s : {exposure_, best_}) connect(s, &QDoubleSpinBox::valueChanged, this, changed);
    connect(bins_, &QSpinBox::valueChanged, this, changed);
    connect(options_, &FigureOptionsForm::changed, this, changed);
    connect(addInset, &QPushButton::clicked, this, &FigureComposer::addInsetFromView);
    connect(clearInsets, &QPushButton::clicked, this, [this] {
        spec_.insets.clear();
        syncForm();
        formChanged();
    });
    connect(chooseBench, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Benchmark output folder (per_image.csv)"),
                                                              dialogFolder(QStringLiteral("bench"), startFolders()));
        if (dir.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("bench"), dir);
        setBenchFolder(fs::path(dir.toStdString()));
    });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open figure description"),
                                                          dialogFolder(QStringLiteral("figure"), startFolders()),
                                                          tr("Figure descriptions (*.json)"));
        if (path.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("figure"), path);
        loadDescription(path);
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString start = descriptionPath_.isEmpty()
                                  ? dialogPath(QStringLiteral("figure"), QStringLiteral("figure.json"), startFolders())
                                  : descriptionPath_;
        const QString path = QFileDialog::getSaveFileName(this, tr("Save figure description"), start,
                                                          tr("Figure descriptions (*.json)"));
        if (path.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("figure"), path);
        saveDescription(path);
    });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString start = exportPath_.isEmpty() ? dialogPath(QStringLiteral("figure-export"), defaultOutName(), startFolders())
                                                    : QFileInfo(exportPath_).dir().filePath(defaultOutName());
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export figure"), start, tr("Figures (*.pdf *.svg *.png);;Tables of the same numbers (*.tex *.md *.csv)"));
        if (path.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("figure-export"), path);
        exportTo(path);
    });
}

void FigureComposer::syncForm() {
    syncing_ = true;
    for (int i = 0; i < kind_->count(); ++i)
        if (kind_->itemData(i).toInt() == int(spec_.kind)) kind_->setCurrentIndex(i);
    width_->setCurrentText(QString::fromStdString(spec_.width));
    const auto hasTask = [&](const char* t) { return std::find(spec_.tasks.begin(), spec_.tasks.end(), t) != spec_.tasks.end(); };
    taskOn_->setChecked(hasTask("on"));
    taskOff_->setChecked(hasTask("off"));
    setChecked(models_, spec_.models, true);
    benchLabel_->setText(context_.bench ? QString::fromStdString(context_.bench->string())
                                        : tr("none (needed for plots and tables: run a benchmark first)"));
    rows_->setCurrentIndex(spec_.rows == "scenes" ? 1 : 0);
    if (!spec_.scene.empty()) scene_->setCurrentText(QString::fromStdString(spec_.scene));
    if (!spec_.model.empty()) model_->setCurrentText(QString::fromStdString(spec_.model));
    setChecked(scenes_, spec_.scenes, true);
    setChecked(columns_, spec_.columns, true);
    exposure_->setValue(spec_.exposure);
    repeatTiles_->setChecked(spec_.repeatSceneTiles);
    insetPlacement_->setCurrentIndex(spec_.insetPlacement == "inside" ? 1 : 0);
    insetsLabel_->setText(spec_.insets.empty() ? tr("no insets") : tr("%n inset(s)", nullptr, int(spec_.insets.size())));
    setChecked(metrics_, spec_.metrics, true);
    best_->setValue(spec_.best);
    bins_->setValue(spec_.bins);
    density_->setChecked(spec_.density);
    baseline_->setChecked(spec_.baseline);
    logY_->setChecked(spec_.yLog);
    logY_->setEnabled(spec_.kind != FigureKind::Classes);
    table_->setCurrentText(QString::fromStdString(spec_.table));
    const bool images = spec_.kind == FigureKind::Grid || spec_.kind == FigureKind::Mosaic;
    pages_->setCurrentIndex(images ? 0 : spec_.kind == FigureKind::Table ? 2 : 1);
    orientation_->setCurrentIndex(spec_.orientation == "columns" ? 1 : 0);
    differenceTone_->setCurrentIndex(spec_.differenceTone == "signed" ? 1 : 0);
    image_->setCurrentIndex(std::max(0, image_->findData(QString::fromStdString(spec_.image))));
    classValues_->setCurrentIndex(spec_.values == "absolute" ? 1 : 0);
    const bool mosaic = spec_.kind == FigureKind::Mosaic;
    const bool byModels = spec_.rows != "scenes";
    const bool severalScenes = mosaic || (byModels && spec_.orientation == "columns");
    rows_->setEnabled(!mosaic);
    orientation_->setEnabled(!mosaic && byModels);
    columns_->setEnabled(!mosaic);
    image_->setEnabled(mosaic);
    scene_->setEnabled(byModels && !severalScenes);
    model_->setEnabled(!byModels && !mosaic);
    scenes_->setEnabled(!byModels || severalScenes);
    classValues_->setEnabled(spec_.kind == FigureKind::Classes);
    best_->setEnabled(!images && spec_.kind != FigureKind::Percentiles);
    options_->showSpec(spec_);
    syncing_ = false;
}

void FigureComposer::readForm() {
    spec_.kind = FigureKind(kind_->currentData().toInt());
    spec_.width = width_->currentText().trimmed().toStdString();
    spec_.tasks.clear();
    if (taskOn_->isChecked()) spec_.tasks.push_back("on");
    if (taskOff_->isChecked()) spec_.tasks.push_back("off");
    if (spec_.tasks.empty()) spec_.tasks.push_back(taskName(context_.task));
    spec_.models = checkedKeys(models_);
    if (spec_.rows != "list") spec_.rows = rows_->currentData().toString().toStdString();
    spec_.scene = scene_->currentText().toStdString();
    spec_.model = model_->currentText().toStdString();
    spec_.scenes = checkedKeys(scenes_);
    spec_.columns = checkedKeys(columns_);
    spec_.exposure = exposure_->value();
    spec_.repeatSceneTiles = repeatTiles_->isChecked();
    spec_.insetPlacement = insetPlacement_->currentData().toString().toStdString();
    // Models as columns need rows by model; the choice is kept but only applies there.
    spec_.orientation = spec_.rows == "models" ? orientation_->currentData().toString().toStdString() : std::string("rows");
    spec_.differenceTone = differenceTone_->currentData().toString().toStdString();
    spec_.image = image_->currentData().toString().toStdString();
    spec_.values = classValues_->currentData().toString().toStdString();
    spec_.metrics = checkedKeys(metrics_);
    spec_.best = best_->value();
    spec_.bins = bins_->value();
    spec_.density = density_->isChecked();
    spec_.baseline = baseline_->isChecked();
    spec_.yLog = logY_->isChecked() && spec_.kind != FigureKind::Classes;
    spec_.table = table_->currentData().toString().toStdString();
    options_->readInto(spec_);
}

void FigureComposer::formChanged() {
    if (syncing_) return;
    readForm();
    syncForm(); // pages and enabled states follow the kind and the rows choice
    pending_ = true;
    debounce_->start();
}

void FigureComposer::setSpec(const FigureSpec& spec) {
    spec_ = spec;
    syncForm();
    pending_ = true;
    debounce_->start();
}

void FigureComposer::setBenchFolder(const std::optional<fs::path>& folder) {
    context_.bench = folder;
    syncForm();
    pending_ = true;
    debounce_->start();
}

figure::FigureSources FigureComposer::sources() const {
    figure::FigureSources s;
    s.bench = context_.bench;
    if (!context_.dataset.empty()) s.dataset = context_.dataset;
    return s;
}

double FigureComposer::fittingDpi(double widthPt) const {
    return std::floor(std::clamp((preview_->width() - 24) / (widthPt / 72.0), kMinPreviewDpi, kMaxPreviewDpi));
}

void FigureComposer::startPreview() {
    debounce_->stop();
    previewToken_.cancel();
    previewToken_ = CancelToken();
    pending_ = true;
    showStatus(tr("Building the preview…"));
    FigureSpec spec = spec_;
    double dpi = kMinPreviewDpi;
    try {
        dpi = fittingDpi(spec.widthPt());
    } catch (const std::exception&) {
        // a width the description cannot use: the job reports it
    }
    previewDpi_ = dpi;
    spec.dpi = std::min(spec.dpi, dpi);
    spec.tileDpi = 0.0; // a raster preview draws tiles at its own dpi: no finer copies for PDF/SVG
    const figure::FigureSources src = sources();
    runner_->run<std::shared_ptr<PreviewResult>>(
        tr("figure preview"), JobPriority::Interactive, previewToken_,
        [spec, src, dpi](const CancelToken& token) {
            auto r = std::make_shared<PreviewResult>();
            if (spec.kind == FigureKind::Table) {
                const bench::Table table = figure::buildFigureTable(spec, src, "figure");
                r->table = QString::fromStdString(bench::tableToMarkdown(table));
                r->tableHtml = tableToHtml(table);
            } else {
                r->figure = figure::buildFigure(spec, src, "figure");
                throwIfCancelled(token);
                r->image = figure::renderImage(*r->figure, dpi);
            }
            return r;
        },
        this, [this, dpi](std::shared_ptr<PreviewResult> r) { showPreview(std::move(r), dpi); },
        [this](const QString& message) {
            pending_ = debounce_->isActive();
            figure_.reset();
            preview_->clear();
            previewPages_->setCurrentWidget(preview_);
            showError(message);
            Q_EMIT previewUpdated();
        });
}

void FigureComposer::showPreview(std::shared_ptr<PreviewResult> r, double dpi) {
    pending_ = debounce_->isActive(); // a newer preview is on its way
    error_.clear();
    if (spec_.kind == FigureKind::Table) {
        figure_.reset();
        tableMarkdown_ = r->table;
        tableText_->setHtml(r->tableHtml);
        previewPages_->setCurrentWidget(tableText_);
        showStatus(tr("Table of the benchmark results."));
    } else {
        figure_ = r->figure;
        preview_->setImage(r->image);
        previewPages_->setCurrentWidget(preview_);
        const QSizeF cm = figure_->sizePt() / 72.0 * 2.54;
        showStatus(tr("%1 × %2 cm (preview at %3 dpi).").arg(cm.width(), 0, 'f', 1).arg(cm.height(), 0, 'f', 1).arg(dpi));
    }
    Q_EMIT previewUpdated();
}

void FigureComposer::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!figure_ || pending_) return;
    // Only the drawing changes: render the figure already built at the resolution that now fits.
    const std::shared_ptr<const figure::Figure> fig = figure_;
    const double dpi = fittingDpi(fig->sizePt().width());
    if (dpi == previewDpi_) return;
    previewDpi_ = dpi;
    previewToken_.cancel();
    previewToken_ = CancelToken();
    runner_->run<QImage>(
        tr("figure preview"), JobPriority::Interactive, previewToken_,
        [fig, dpi](const CancelToken&) { return figure::renderImage(*fig, dpi); }, this,
        [this](QImage image) { preview_->setImage(image); });
}

void FigureComposer::showError(const QString& message) {
    error_ = oneLine(message);
    status_->setStyleSheet(QStringLiteral("color: #ff8a80;"));
    status_->setText(error_);
}

void FigureComposer::showStatus(const QString& message) {
    status_->setStyleSheet(QString());
    status_->setText(message);
    updateCommand();
}

QString FigureComposer::defaultOutName() const {
    const QString stem = descriptionPath_.isEmpty() ? QStringLiteral("figure") : QFileInfo(descriptionPath_).completeBaseName();
    return stem + (spec_.kind == FigureKind::Table ? QStringLiteral(".tex") : QStringLiteral(".pdf"));
}

QStringList FigureComposer::startFolders() const {
    QStringList folders;
    if (!descriptionPath_.isEmpty()) folders << QFileInfo(descriptionPath_).absolutePath();
    if (context_.bench) folders << QString::fromStdString(context_.bench->string());
    if (!context_.dataset.empty()) folders << QString::fromStdString(context_.dataset.string());
    return folders;
}

void FigureComposer::updateCommand() {
    // The description as saved (or the name it would be saved under) and the file last exported, else
    // the default output beside the description.
    const QString description = descriptionPath_.isEmpty() ? QStringLiteral("figure.json") : descriptionPath_;
    QString out = exportPath_;
    if (out.isEmpty())
        out = descriptionPath_.isEmpty() ? defaultOutName() : QFileInfo(descriptionPath_).dir().filePath(defaultOutName());
    command_->setText(commandLine(description, out));
    command_->setToolTip(descriptionPath_.isEmpty()
                             ? tr("Rebuilds this figure without a display once the description is saved (Save…) as figure.json")
                             : tr("Rebuilds this figure without a display, from the saved description"));
}

QString FigureComposer::shownCommand() const { return command_->text(); }

QString FigureComposer::commandLine(const QString& descriptionPath, const QString& outPath) const {
    QStringList args{QStringLiteral("lightlens-cli"), QStringLiteral("figure"), shellQuote(descriptionPath),
                     QStringLiteral("--out"), shellQuote(outPath)};
    const bool images = spec_.kind == FigureKind::Grid || spec_.kind == FigureKind::Mosaic;
    // Grids read imported scores (imported.<name> under a column) from the results too.
    bool imported = false;
    for (const auto& [column, names] : spec_.scores)
        for (const auto& n : names) imported |= n.rfind("imported.", 0) == 0;
    if (images && !context_.dataset.empty())
        args << QStringLiteral("--dataset") << shellQuote(QString::fromStdString(context_.dataset.string()));
    if ((!images || imported) && context_.bench)
        args << QStringLiteral("--bench") << shellQuote(QString::fromStdString(context_.bench->string()));
    return args.join(' ');
}

bool FigureComposer::loadDescription(const QString& path) {
    try {
        const std::string file = path.toStdString();
        setSpec(FigureSpec::fromJsonText(readFile(file), file));
        descriptionPath_ = path;
        showStatus(tr("Opened %1.").arg(path));
        return true;
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return false;
    }
}

bool FigureComposer::saveDescription(const QString& path) {
    try {
        writeFileAtomic(path.toStdString(), spec_.toJsonText());
        descriptionPath_ = path;
        showStatus(tr("Saved %1.").arg(path));
        return true;
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        return false;
    }
}

void FigureComposer::exportTo(const QString& path) {
    showStatus(tr("Exporting %1…").arg(path));
    const FigureSpec spec = spec_;
    const figure::FigureSources src = sources();
    const std::string out = path.toStdString();
    runner_->run<bool>(
        tr("figure export"), JobPriority::Interactive, CancelToken(),
        [spec, src, out](const CancelToken&) {
            figure::writeFigureOutput(spec, src, out, "figure");
            return true;
        },
        this,
        [this, path](bool) {
            exportPath_ = path;
            showStatus(tr("Exported %1.").arg(path));
            Q_EMIT exportFinished(true, path);
        },
        [this](const QString& message) {
            showError(message);
            Q_EMIT exportFinished(false, error_);
        });
}

void FigureComposer::addInsetFromView() {
    if (!context_.viewRect) return;
    const std::optional<QRectF> r = context_.viewRect();
    if (!r || r->isEmpty()) {
        showError(tr("No case on screen to take an inset from."));
        return;
    }
    if (spec_.insets.size() >= 6) {
        showError(tr("A grid takes at most 6 insets."));
        return;
    }
    const QRectF c = r->intersected(QRectF(0, 0, 1, 1));
    figure::InsetSpec inset;
    inset.rect = {c.x(), c.y(), c.width(), c.height()};
    spec_.insets.push_back(inset);
    syncForm();
    pending_ = true;
    debounce_->start();
}

const QImage& FigureComposer::previewImage() const { return preview_->image(); }
QString FigureComposer::previewTable() const { return tableMarkdown_; }

} // namespace ll::ui
