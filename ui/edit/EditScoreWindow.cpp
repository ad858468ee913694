#include "edit/EditScoreWindow.h"

#include "app/DialogFolders.h"
#include "edit/EditMapStyle.h"
#include "edit/MapLegend.h"
#include "edit/MapView.h"
#include "jobs/JobRunner.h"
#include "panels/StatusLine.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ll::ui {

namespace {

QTableWidget* makeTable(const QStringList& headers, QWidget* parent) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(false);
    t->horizontalHeader()->setStretchLastSection(true);
    t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
    return t;
}

QTableWidgetItem* cell(const QString& text, const QString& tip = {}, bool number = false) {
    auto* i = new QTableWidgetItem(text);
    if (!tip.isEmpty()) i->setToolTip(tip);
    if (number) i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return i;
}

QString q(const std::string& s) { return QString::fromStdString(s); }

const edit::Score& scoreOf(const edit::MaterialScores& s, int row) {
    const edit::Score* all[] = {&s.preservation, &s.structure, &s.harmony, &s.material, &s.overall, &s.gate};
    return *all[row];
}

const char* const kScoreNames[] = {"preservation", "structure", "harmony", "material", "overall", "gate"};

// Short forms of the measures for the card's columns; the full texts (from core/edit) are in the
// tooltips and in the line under the card for the selected row.
QString shortMeasure(int row) {
    switch (row) {
    case 0: return QObject::tr("SSIM of sRGB luminance outside the mask band");
    case 1: return QObject::tr("SSIM structure term (σ 2 px low-pass) inside the mask");
    case 2: return QObject::tr("low-pass luminance NCC in the mask + seam gradient ratio");
    case 3: return QObject::tr("ΔE00 colour match + gradient-histogram match to the swatch");
    case 4: return QObject::tr("mean of the available scores");
    default: return QObject::tr("clip((material − a) / b) · (p · s · h)^(1/3)");
    }
}

QString shortPaperMeasure(int row) {
    switch (row) {
    case 0: return QObject::tr("1 − LPIPS outside the mask (learned)");
    case 1: return QObject::tr("depth AbsRel, Depth Anything V2 (learned)");
    case 2: return QObject::tr("the same classical construction");
    case 3: return QObject::tr("SigLIP2 family + DINOv2 cosine (learned)");
    case 4: return QObject::tr("mean of the four paper scores");
    default: return QObject::tr("overall_G with the learned scores");
    }
}

} // namespace

EditScoreWindow::EditScoreWindow(JobRunner* runner, QWidget* parent)
    : QWidget(parent, Qt::Window), runner_(runner), colour_(ColourConfig::builtin()) {
    setWindowTitle(tr("Edit scores: material replacement and unintended changes"));
    auto* layout = new QVBoxLayout(this);

    auto* top = new QHBoxLayout;
    open_ = new QPushButton(tr("Open material dataset…"), this);
    path_ = new QLabel(tr("No dataset open"), this);
    path_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tasks_ = new QComboBox(this);
    models_ = new QComboBox(this);
    tasks_->setMinimumContentsLength(12);
    models_->setMinimumContentsLength(12);
    top->addWidget(open_);
    top->addWidget(path_, 1);
    top->addWidget(new QLabel(tr("Task"), this));
    top->addWidget(tasks_);
    top->addWidget(new QLabel(tr("Model"), this));
    top->addWidget(models_);
    layout->addLayout(top);
    status_ = new StatusLine({}, this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, kEditScoreStages);
    progress_->setValue(0);
    progress_->setMaximumWidth(260);
    progress_->setTextVisible(true);
    progress_->setFormat(QString());
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setEnabled(false);
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(status_, 1);
    statusRow->addWidget(progress_);
    statusRow->addWidget(cancel_);
    layout->addLayout(statusRow);
    connect(cancel_, &QPushButton::clicked, this, &EditScoreWindow::cancel);

    auto* split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split, 1);

    // Left: score card and unintended changes.
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* card = new QGroupBox(tr("Score card (every score is a classical image measure; the paper's learned measure beside it)"), left);
    auto* cardLayout = new QVBoxLayout(card);
    scores_ = makeTable({tr("Score"), tr("Model"), tr("Identity"), tr("Paste"), tr("LightLens measure (classical)"),
                         tr("Paper's measure")},
                        card);
    scores_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    scores_->horizontalHeaderItem(1)->setToolTip(tr("the chosen model's edit"));
    scores_->horizontalHeaderItem(2)->setToolTip(tr("identity anchor: y = x"));
    scores_->horizontalHeaderItem(3)->setToolTip(tr("paste anchor: the reference swatch tiled into the mask, x elsewhere"));
    cardLayout->addWidget(scores_);
    measure_ = new QLabel(card);
    measure_->setWordWrap(true);
    measure_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cardLayout->addWidget(measure_);
    diagnostics_ = new QLabel(card);
    diagnostics_->setWordWrap(true);
    diagnostics_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cardLayout->addWidget(diagnostics_);
    leftLayout->addWidget(card, 0);

    auto* changes = new QGroupBox(tr("Unintended changes (StableI2I taxonomy, classical checks on the preserved region P)"), left);
    auto* changesLayout = new QVBoxLayout(changes);
    verdicts_ = makeTable({tr("Dimension"), tr("Answer"), tr("Problem labels")}, changes);
    changesLayout->addWidget(verdicts_);
    auto* tabs = new QTabWidget(changes);
    checks_ = makeTable({tr("Check"), tr("Dimension"), tr("Value"), tr("Flagged"), tr("Rule")}, tabs);
    auto* candPage = new QWidget(tabs);
    auto* candLayout = new QVBoxLayout(candPage);
    candLayout->setContentsMargins(0, 0, 0, 0);
    candidateNote_ = new QLabel(tr("A candidate list of changed regions with texture-based labels, not a semantic judgement."), candPage);
    candidateNote_->setWordWrap(true);
    candidates_ = makeTable({tr("#"), tr("Candidate label"), tr("Box (x, y, w, h)"), tr("Area (px)"), tr("Mean ΔE00")}, candPage);
    candLayout->addWidget(candidateNote_);
    candLayout->addWidget(candidates_);
    tabs->addTab(checks_, tr("Checks"));
    tabs->addTab(candPage, tr("Changed regions"));
    changesLayout->addWidget(tabs);
    leftLayout->addWidget(changes, 1);

    // Right: maps.
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    auto* mapRow = new QHBoxLayout;
    maps_ = new QComboBox(right);
    maps_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    mapRow->addWidget(new QLabel(tr("Map"), right));
    mapRow->addWidget(maps_, 1);
    rightLayout->addLayout(mapRow);
    view_ = new MapView(right);
    view_->setPlaceholder(tr("Open a material dataset (tasks/, edits/<model>/) to score an edit."));
    rightLayout->addWidget(view_, 1);
    legend_ = new MapLegend(right);
    rightLayout->addWidget(legend_);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({940, 560});

    connect(open_, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open material dataset folder"),
                                                              dialogFolder(QStringLiteral("material-dataset")));
        if (dir.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("material-dataset"), QFileInfo(dir).absolutePath());
        openDataset(dir);
    });
    auto rescore = [this] {
        if (!filling_ && dataset_ && tasks_->currentIndex() >= 0 && models_->currentIndex() >= 0)
            scoreEdit(tasks_->currentText(), models_->currentText());
    };
    connect(tasks_, &QComboBox::currentIndexChanged, this, rescore);
    connect(models_, &QComboBox::currentIndexChanged, this, rescore);
    connect(scores_, &QTableWidget::currentCellChanged, this, [this](int row) { showMeasure(row); });
    connect(maps_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (!filling_ && i >= 0) showMap(maps_->itemData(i).toString());
    });
    resize(1500, 900);
}

EditScoreWindow::~EditScoreWindow() { token_.cancel(); }

void EditScoreWindow::setLearnedScorers(std::shared_ptr<const edit::LearnedScorerRegistry> registry) {
    learned_ = std::move(registry);
}

QString EditScoreWindow::formatScore(const std::optional<double>& v) {
    return v && std::isfinite(*v) ? QString::number(*v, 'f', 3) : QStringLiteral("—");
}

QString EditScoreWindow::errorText() const { return status_->errorText(); }
QString EditScoreWindow::statusText() const { return status_->text(); }

void EditScoreWindow::setBusy(bool busy, const QString& text) {
    busy_ = busy;
    cancel_->setEnabled(busy);
    if (busy) {
        progress_->setRange(0, 0); // busy indicator until the first stage is reported
        progress_->setFormat(QString());
    }
    status_->showMessage(text);
}

void EditScoreWindow::cancel() {
    if (!busy_) return;
    token_.cancel();
    busy_ = false;
    cancel_->setEnabled(false);
    progress_->setRange(0, kEditScoreStages);
    progress_->setValue(0);
    progress_->setFormat(QString());
    status_->showMessage(result_ ? tr("Cancelled; the scores shown are those of %1 / %2.").arg(q(result_->task), q(result_->model))
                                 : tr("Cancelled."));
    Q_EMIT cancelled();
}

void EditScoreWindow::showError(const QString& message) {
    busy_ = false;
    cancel_->setEnabled(false);
    progress_->setRange(0, kEditScoreStages);
    progress_->setValue(0);
    Q_EMIT failed(status_->showError(message));
}

void EditScoreWindow::openDataset(const QString& path) {
    token_.cancel();
    token_ = CancelToken();
    setBusy(true, tr("Reading %1…").arg(path));
    path_->setText(path);
    const std::filesystem::path root = path.toStdString();
    runner_->run<std::shared_ptr<const edit::MaterialDataset>>(
        tr("Reading material dataset"), JobPriority::Interactive, token_,
        [root](const CancelToken&) { return std::make_shared<const edit::MaterialDataset>(edit::scanMaterialDataset(root)); },
        this,
        [this](std::shared_ptr<const edit::MaterialDataset> d) {
            dataset_ = std::move(d);
            filling_ = true;
            tasks_->clear();
            models_->clear();
            for (const auto& t : dataset_->tasks) tasks_->addItem(q(t.name));
            for (const auto& m : dataset_->models) models_->addItem(q(m));
            filling_ = false;
            const QString name = dataset_->name.empty() ? QString() : q(dataset_->name) + "  —  ";
            path_->setText(name + q(dataset_->root.string()));
            Q_EMIT datasetOpened();
            if (dataset_->tasks.empty()) return showError(q((dataset_->root / "tasks").string()) + tr(": no tasks"));
            if (dataset_->models.empty()) return showError(q((dataset_->root / "edits").string()) + tr(": no model folders"));
            scoreEdit(tasks_->currentText(), models_->currentText());
        },
        [this](const QString& error) {
            dataset_.reset();
            filling_ = true;
            tasks_->clear();
            models_->clear();
            filling_ = false;
            showError(error);
        });
}

void EditScoreWindow::scoreEdit(const QString& task, const QString& model) {
    if (!dataset_) return showError(tr("no material dataset is open"));
    token_.cancel();
    token_ = CancelToken();
    setBusy(true, tr("Scoring %1 / %2 and the anchors…").arg(task, model));
    auto dataset = dataset_;
    auto learned = learned_;
    const ColourConfig colour = colour_;
    const std::string t = task.toStdString(), m = model.toStdString();
    // Stages arrive on the worker thread and are shown on the GUI thread, for this run only; the
    // runner checks on the GUI thread that this window still exists.
    const JobRunner::Progress post =
        runner_->progressPoster(token_, this, [this](int stage, int, QString text) {
            progress_->setRange(0, kEditScoreStages);
            progress_->setValue(stage);
            progress_->setFormat(QStringLiteral("%1/%2 %3").arg(stage).arg(kEditScoreStages).arg(text));
        });
    EditScoreProgress progress = [post](int stage, const std::string& what) { post(stage, kEditScoreStages, QString::fromStdString(what)); };
    runner_->run<EditScorePtr>(
        tr("Scoring edit %1 / %2").arg(task, model), JobPriority::Interactive, token_,
        [dataset, learned, colour, t, m, progress](const CancelToken& token) {
            return scoreMaterialTask(*dataset, t, m, colour, token, learned.get(), progress);
        },
        this, [this](EditScorePtr r) { showResult(std::move(r)); }, [this](const QString& error) { showError(error); });
}

void EditScoreWindow::showResult(EditScorePtr r) {
    result_ = std::move(r);
    const EditScoreResult& res = *result_;
    busy_ = false;
    cancel_->setEnabled(false);
    progress_->setRange(0, kEditScoreStages);
    progress_->setValue(kEditScoreStages);
    progress_->setFormat(tr("done"));
    QStringList notes;
    for (const auto& n : res.evaluation.notes) notes << q(n);
    for (const auto& w : res.evaluation.scores.warnings) notes << tr("warning: %1").arg(q(w));
    status_->showMessage(tr("%1 / %2: %3 × %4 px, mask %5 px%6")
                         .arg(q(res.task), q(res.model))
                         .arg(res.evaluation.width)
                         .arg(res.evaluation.height)
                         .arg(res.evaluation.scores.maskPixels)
                         .arg(notes.isEmpty() ? QString() : "  —  " + notes.join("; ")));
    fillScoreCard(res);
    fillChanges(res);
    fillMapChooser(res);
    Q_EMIT scored();
}

void EditScoreWindow::fillScoreCard(const EditScoreResult& r) {
    const edit::MaterialScores& s = r.evaluation.scores;
    scores_->setRowCount(0);
    for (int row = 0; row < 6; ++row) {
        const edit::Score& sc = scoreOf(s, row);
        const int i = scores_->rowCount();
        scores_->insertRow(i);
        scores_->setItem(i, 0, cell(kScoreNames[row]));
        scores_->setItem(i, 1, cell(formatScore(sc.value), q(sc.note), true));
        const edit::Score& id = scoreOf(r.identity.scores, row);
        scores_->setItem(i, 2, cell(formatScore(id.value), q(id.note), true));
        if (r.paste) {
            const edit::Score& pa = scoreOf(r.paste->scores, row);
            scores_->setItem(i, 3, cell(formatScore(pa.value), q(pa.note), true));
        } else {
            scores_->setItem(i, 3, cell(tr("—"), tr("the paste anchor needs a mask and a reference swatch"), true));
        }
        scores_->setItem(i, 4, cell(shortMeasure(row), q(sc.measure)));
        scores_->setItem(i, 5, cell(shortPaperMeasure(row), q(sc.paperMeasure)));
    }
    // The extension point: learned scorers.
    for (const auto& l : r.evaluation.learned) {
        const int i = scores_->rowCount();
        scores_->insertRow(i);
        scores_->setItem(i, 0, cell(tr("learned: %1").arg(q(l.name)), tr("would stand beside %1").arg(q(l.replaces))));
        const QString value = l.available ? formatScore(l.value) : tr("not available: no learned model configured");
        scores_->setItem(i, 1, cell(tr("%1 (would stand beside %2)").arg(value, q(l.replaces)), q(l.note)));
        scores_->setSpan(i, 1, 1, 4);
        scores_->setItem(i, 5, cell(q(l.description), q(l.description)));
    }
    for (int c = 0; c < 5; ++c) scores_->resizeColumnToContents(c);
    scores_->setFixedHeight(scores_->horizontalHeader()->sizeHint().height() +
                            scores_->verticalHeader()->defaultSectionSize() * scores_->rowCount() + 2 * scores_->frameWidth() + 2);
    if (scores_->currentRow() < 0) scores_->selectRow(0);
    showMeasure(std::max(0, scores_->currentRow()));

    auto d = [](const std::optional<double>& v, int digits = 3) {
        return v && std::isfinite(*v) ? QString::number(*v, 'f', digits) : QStringLiteral("—");
    };
    diagnostics_->setText(
        tr("Preservation: SSIM outside %1 × colour fidelity %13, PSNR outside %2 dB, ΔE00 outside %3 (%4 px).  "
           "Harmony: NCC %5, seam %6.  Material: colour match %7 (ΔE00 of mean colours %8), texture match %9.  "
           "Gate anchors a = %10, b = %11 (%12).")
            .arg(d(s.ssimOutside), s.psnrOutside ? d(s.psnrOutside, 2) : tr("— (identical)"), d(s.deltaEOutside, 2))
            .arg(s.outsidePixels)
            .arg(d(s.harmonyNcc), d(s.harmonySeam), d(s.materialColour), d(s.materialDeltaE, 2), d(s.materialTexture))
            .arg(r.gate.a, 0, 'f', 3)
            .arg(r.gate.b, 0, 'f', 3)
            .arg(q(r.gateSource))
            .arg(d(s.colourOutside)));
}

void EditScoreWindow::showMeasure(int row) {
    if (!result_ || row < 0 || row >= scores_->rowCount()) return measure_->clear();
    auto text = [&](int col) { return scores_->item(row, col) ? scores_->item(row, col)->toolTip() : QString(); };
    measure_->setText(tr("<b>%1</b>: LightLens computes %2.<br>The paper computes: %3.")
                          .arg(scores_->item(row, 0)->text().toHtmlEscaped(), text(4).toHtmlEscaped(), text(5).toHtmlEscaped()));
}

void EditScoreWindow::fillChanges(const EditScoreResult& r) {
    const edit::UnintendedChangeReport& u = r.evaluation.changes;
    verdicts_->setRowCount(0);
    for (const auto& v : u.verdicts) {
        const int i = verdicts_->rowCount();
        verdicts_->insertRow(i);
        verdicts_->setItem(i, 0, cell(q(v.dimension)));
        auto* answer = cell(v.consistent ? tr("Yes") : tr("No"));
        answer->setForeground(v.consistent ? QColor(120, 200, 120) : QColor(255, 123, 114));
        verdicts_->setItem(i, 1, answer);
        QStringList problems;
        for (const auto& p : v.problems) problems << q(p);
        verdicts_->setItem(i, 2, cell(v.consistent ? QStringLiteral("NULL") : problems.join(", ")));
    }
    verdicts_->resizeColumnsToContents();
    verdicts_->setFixedHeight(verdicts_->horizontalHeader()->sizeHint().height() +
                              verdicts_->verticalHeader()->defaultSectionSize() * std::max(1, verdicts_->rowCount()) +
                              2 * verdicts_->frameWidth() + 2);

    checks_->setRowCount(0);
    for (const auto& c : u.checks) {
        const int i = checks_->rowCount();
        checks_->insertRow(i);
        checks_->setItem(i, 0, cell(q(c.name), q(c.measure)));
        checks_->setItem(i, 1, cell(q(c.dimension)));
        checks_->setItem(i, 2, cell(c.value ? QString::number(*c.value, 'g', 4) : QStringLiteral("—"), q(c.measure), true));
        auto* flag = cell(c.flagged ? tr("flagged") : tr("no"));
        if (c.flagged) flag->setForeground(QColor(255, 123, 114));
        checks_->setItem(i, 3, flag);
        checks_->setItem(i, 4, cell(q(c.rule), q(c.measure) + "\n" + q(c.rule)));
    }
    checks_->resizeColumnsToContents();

    candidates_->setRowCount(0);
    int k = 0;
    for (const auto& c : u.candidates) {
        const int i = candidates_->rowCount();
        candidates_->insertRow(i);
        candidates_->setItem(i, 0, cell(QString::number(++k), {}, true));
        candidates_->setItem(i, 1, cell(q(c.label)));
        candidates_->setItem(i, 2, cell(QString("%1, %2, %3, %4").arg(c.x0).arg(c.y0).arg(c.x1 - c.x0 + 1).arg(c.y1 - c.y0 + 1)));
        candidates_->setItem(i, 3, cell(QString::number(c.area), {}, true));
        candidates_->setItem(i, 4, cell(QString::number(c.meanDeltaE, 'f', 2), {}, true));
    }
    candidates_->resizeColumnsToContents();
    candidateNote_->setText(tr("%1 changed region(s) inside P. A candidate list of changed regions with texture-based labels, "
                               "not a semantic judgement.")
                                .arg(u.candidates.size()));
}

void EditScoreWindow::fillMapChooser(const EditScoreResult& r) {
    const QString previous = maps_->currentData().toString();
    filling_ = true;
    maps_->clear();
    for (const auto& style : editMapStyles()) {
        const bool present = r.evaluation.scores.maps.count(style.key) || r.evaluation.changes.maps.count(style.key);
        if (present) maps_->addItem(style.title, q(style.key));
    }
    maps_->addItem(tr("Input (sRGB)"), QStringLiteral("input"));
    maps_->addItem(tr("Edit (sRGB)"), QStringLiteral("edit"));
    filling_ = false;
    int i = maps_->findData(previous);
    if (i < 0) i = maps_->findData(QStringLiteral("change"));
    maps_->setCurrentIndex(std::max(0, i));
    showMap(maps_->currentData().toString());
}

bool EditScoreWindow::showMap(const QString& key) {
    if (!result_) return false;
    const EditScoreResult& r = *result_;
    const int index = maps_->findData(key);
    if (index < 0) return false;
    if (maps_->currentIndex() != index) {
        filling_ = true;
        maps_->setCurrentIndex(index);
        filling_ = false;
    }
    if (key == "input" || key == "edit") {
        view_->setImage(displayImage(key == "input" ? r.input : r.edit, colour_));
        legend_->setLegend(nullptr, 0, 1,
                           key == "input" ? tr("the model input x, scene-linear, shown with the sRGB encoding")
                                          : tr("the edit y (resized to x's size when needed), shown with the sRGB encoding"));
        return true;
    }
    const std::string k = key.toStdString();
    const EditMapStyle* style = editMapStyle(k);
    const auto& sm = r.evaluation.scores.maps;
    const auto& cm = r.evaluation.changes.maps;
    const FloatPlane* plane = sm.count(k) ? &sm.at(k) : cm.count(k) ? &cm.at(k) : nullptr;
    if (!style || !plane) return false;
    if (k == "harmony_ring") {
        const QColor orange(255, 150, 40);
        view_->setImage(tintedImage(displayImage(r.edit, colour_), *plane, orange));
        const auto& s = r.evaluation.scores;
        legend_->setLegend(nullptr, 0, 1,
                           tr("orange: seam ring R, %1 px; seam term %2 (E(x) %3, E(y) %4)")
                               .arg(s.ringPixels)
                               .arg(formatScore(s.harmonySeam))
                               .arg(s.seamEnergyInput ? QString::number(*s.seamEnergyInput, 'g', 3) : QStringLiteral("—"))
                               .arg(s.seamEnergyEdit ? QString::number(*s.seamEnergyEdit, 'g', 3) : QStringLiteral("—")),
                           orange);
        return true;
    }
    std::vector<MapBox> boxes;
    if (k == "change") {
        int n = 0;
        for (const auto& c : r.evaluation.changes.candidates)
            boxes.push_back({QRect(QPoint(c.x0, c.y0), QPoint(c.x1, c.y1)), QString("%1 %2").arg(++n).arg(q(c.label))});
    }
    view_->setImage(mapImage(*plane, *style), std::move(boxes));
    legend_->setLegend(style->table, style->lo, style->hi, style->meaning);
    return true;
}

} // namespace ll::ui
