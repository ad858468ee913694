#include "validate/ValidationWindow.h"

#include "app/DialogFolders.h"
#include "figure/FigureExport.h"
#include "jobs/JobRunner.h"
#include "panels/StatusLine.h"
#include "stats/ValidationReport.h"
#include "validate/FigureView.h"
#include "validate/ValidationPlots.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <exception>

namespace ll::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

QWidget* fileRow(QLineEdit* edit, QPushButton* browse, QWidget* parent) {
    auto* w = new QWidget(parent);
    auto* l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(edit, 1);
    l->addWidget(browse);
    return w;
}

QTableWidget* tableWidget(const stats::Table& t, QWidget* parent) {
    auto* w = new QTableWidget(int(t.rows.size()), int(t.header.size()), parent);
    QStringList headers;
    for (const auto& h : t.header) headers << q(h);
    w->setHorizontalHeaderLabels(headers);
    w->verticalHeader()->hide();
    w->setEditTriggers(QAbstractItemView::NoEditTriggers);
    w->setWordWrap(false);
    for (std::size_t r = 0; r < t.rows.size(); ++r)
        for (std::size_t c = 0; c < t.rows[r].size() && c < t.header.size(); ++c) {
            auto* item = new QTableWidgetItem(q(t.rows[r][c]));
            if (c < t.numeric.size() && t.numeric[c]) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            w->setItem(int(r), int(c), item);
        }
    w->resizeColumnsToContents();
    w->horizontalHeader()->setStretchLastSection(true);
    w->setToolTip(q(t.caption));
    return w;
}

} // namespace

ValidationWindow::ValidationWindow(JobRunner* runner, QWidget* parent) : QWidget(parent, Qt::Window), runner_(runner) {
    setWindowTitle(tr("Validate metric against human judgements"));
    auto* layout = new QVBoxLayout(this);

    auto* inputs = new QGroupBox(tr("Inputs (as lightlens-cli validate)"), this);
    auto* grid = new QGridLayout(inputs);
    judgements_ = new QLineEdit(inputs);
    judgements_->setPlaceholderText(tr("judgements CSV: rater,scene,task,model_a,model_b,choice  (or ratings: rater,item|scene+model+task,score)"));
    scores_ = new QLineEdit(inputs);
    scores_->setPlaceholderText(tr("score table: bench's per_image.csv, edit-bench's per_task.csv, or a CSV with a <name>.columns.json"));
    auto* browseJ = new QPushButton(tr("Browse…"), inputs);
    auto* browseS = new QPushButton(tr("Browse…"), inputs);
    kind_ = new QComboBox(inputs);
    kind_->addItem(tr("A/B judgements"));
    kind_->addItem(tr("Ratings (1–5)"));
    metrics_ = new QLineEdit(inputs);
    metrics_->setPlaceholderText(tr("default: the metrics the score table's column declaration names"));
    higher_ = new QLineEdit(inputs);
    higher_->setPlaceholderText(tr("columns where higher is better (overrides the declaration)"));
    lower_ = new QLineEdit(inputs);
    lower_->setPlaceholderText(tr("columns where lower is better (overrides the declaration)"));
    draws_ = new QSpinBox(inputs);
    draws_->setRange(0, 1000000);
    draws_->setValue(10000);
    splits_ = new QSpinBox(inputs);
    splits_->setRange(0, 1000000);
    splits_->setValue(10000);
    seed_ = new QSpinBox(inputs);
    seed_->setRange(0, 1000000000);
    seed_->setValue(1);
    excludeFlagged_ = new QCheckBox(tr("leave flagged raters out"), inputs);
    run_button_ = new QPushButton(tr("Run"), inputs);
    run_button_->setDefault(true);
    cancel_button_ = new QPushButton(tr("Cancel"), inputs);
    cancel_button_->setEnabled(false);
    progress_ = new QProgressBar(inputs);
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setFormat(tr("bootstrap and split halves: %p%"));
    grid->addWidget(kind_, 0, 0);
    grid->addWidget(fileRow(judgements_, browseJ, inputs), 0, 1, 1, 7);
    grid->addWidget(new QLabel(tr("Scores"), inputs), 1, 0);
    grid->addWidget(fileRow(scores_, browseS, inputs), 1, 1, 1, 7);
    grid->addWidget(new QLabel(tr("Metrics"), inputs), 2, 0);
    grid->addWidget(metrics_, 2, 1);
    grid->addWidget(new QLabel(tr("Bootstrap draws"), inputs), 2, 2);
    grid->addWidget(draws_, 2, 3);
    grid->addWidget(new QLabel(tr("Splits"), inputs), 2, 4);
    grid->addWidget(splits_, 2, 5);
    grid->addWidget(new QLabel(tr("Seed"), inputs), 2, 6);
    grid->addWidget(seed_, 2, 7);
    grid->addWidget(excludeFlagged_, 3, 1);
    grid->addWidget(progress_, 3, 2, 1, 4);
    grid->addWidget(cancel_button_, 3, 6);
    grid->addWidget(run_button_, 3, 7);
    grid->addWidget(new QLabel(tr("Higher is better"), inputs), 4, 0);
    grid->addWidget(higher_, 4, 1);
    grid->addWidget(new QLabel(tr("Lower is better"), inputs), 4, 2);
    grid->addWidget(lower_, 4, 3, 1, 5);
    grid->setColumnStretch(1, 1);
    layout->addWidget(inputs);

    status_ = new StatusLine(tr("Choose a judgements file and a score table, then Run."), this);
    layout->addWidget(status_);

    auto* bar = new QHBoxLayout;
    group_ = new QComboBox(this);
    group_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    exportWhich_ = new QComboBox(this);
    exportWhich_->addItem(tr("agreement plot"), QStringLiteral("agreement"));
    exportWhich_->addItem(tr("scatter plot"), QStringLiteral("scatter"));
    export_ = new QPushButton(tr("Export figure…"), this);
    export_->setEnabled(false);
    summary_ = new QLabel(this);
    bar->addWidget(new QLabel(tr("Group"), this));
    bar->addWidget(group_);
    bar->addWidget(summary_, 1);
    bar->addWidget(exportWhich_);
    bar->addWidget(export_);
    layout->addLayout(bar);

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* plots = new QSplitter(Qt::Horizontal, split);
    agreement_ = new FigureView(plots);
    scatter_ = new FigureView(plots);
    agreement_->setFigure(nullptr, tr("Agreement by separation (A/B studies)"));
    scatter_->setFigure(nullptr, tr("Scores against human judgements, with the noise ceiling"));
    plots->addWidget(agreement_);
    plots->addWidget(scatter_);
    plots->setStretchFactor(0, 2);
    plots->setStretchFactor(1, 3);
    tables_ = new QTabWidget(split);
    split->addWidget(plots);
    split->addWidget(tables_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({460, 300});
    layout->addWidget(split, 1);

    connect(browseJ, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Judgements CSV"), dialogFolder(QStringLiteral("validation"), inputFolders()),
                                                       tr("CSV files (*.csv);;All files (*)"));
        if (f.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("validation"), f);
        judgements_->setText(f);
    });
    connect(browseS, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Score table CSV"), dialogFolder(QStringLiteral("validation"), inputFolders()),
                                                       tr("CSV files (*.csv);;All files (*)"));
        if (f.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("validation"), f);
        scores_->setText(f);
    });
    connect(run_button_, &QPushButton::clicked, this, &ValidationWindow::run);
    connect(cancel_button_, &QPushButton::clicked, this, &ValidationWindow::cancel);
    connect(group_, &QComboBox::currentIndexChanged, this, [this] { showGroup(); });
    connect(export_, &QPushButton::clicked, this, [this] {
        const QString which = exportWhich_->currentData().toString();
        const QString path = QFileDialog::getSaveFileName(this, tr("Export figure"),
                                                          dialogPath(QStringLiteral("validation-export"), which + ".pdf", inputFolders()),
                                                          tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"));
        if (path.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("validation-export"), path);
        exportFigure(which, path);
    });
    resize(1500, 950);
}

ValidationWindow::~ValidationWindow() { token_.cancel(); }

QStringList ValidationWindow::inputFolders() const {
    QStringList folders;
    for (const QLineEdit* e : {judgements_, scores_})
        if (!e->text().trimmed().isEmpty()) folders << QFileInfo(e->text().trimmed()).absolutePath();
    return folders;
}

void ValidationWindow::setInputs(const QString& judgements, const QString& scores, JudgementKind kind) {
    judgements_->setText(judgements);
    scores_->setText(scores);
    kind_->setCurrentIndex(kind == JudgementKind::AB ? 0 : 1);
    run();
}

void ValidationWindow::setDraws(int draws) { draws_->setValue(draws); }
void ValidationWindow::setDirections(const QString& higher, const QString& lower) {
    higher_->setText(higher);
    lower_->setText(lower);
}
void ValidationWindow::setSplits(int splits) { splits_->setValue(splits); }

QString ValidationWindow::errorText() const { return status_->errorText(); }

QTableWidget* ValidationWindow::table(const QString& name) const {
    for (int i = 0; i < tables_->count(); ++i)
        if (tables_->widget(i)->objectName() == name) return qobject_cast<QTableWidget*>(tables_->widget(i));
    return nullptr;
}

ValidationRequest ValidationWindow::request() const {
    ValidationRequest r;
    r.judgements = judgements_->text().trimmed().toStdString();
    r.scores = scores_->text().trimmed().toStdString();
    r.kind = kind_->currentIndex() == 0 ? JudgementKind::AB : JudgementKind::Ratings;
    const auto list = [](const QLineEdit* e) {
        std::vector<std::string> out;
        for (const QString& m : e->text().split(',', Qt::SkipEmptyParts))
            if (!m.trimmed().isEmpty()) out.push_back(m.trimmed().toStdString());
        return out;
    };
    r.metrics = list(metrics_);
    r.higher = list(higher_);
    r.lower = list(lower_);
    r.options.draws = draws_->value();
    r.options.splits = splits_->value();
    r.options.seed = std::uint64_t(seed_->value());
    r.excludeFlagged = excludeFlagged_->isChecked();
    return r;
}

int ValidationWindow::progressPermille() const { return progress_->value(); }

void ValidationWindow::cancel() {
    if (!busy_) return;
    token_.cancel();
    busy_ = false;
    run_button_->setEnabled(true);
    cancel_button_->setEnabled(false);
    status_->showMessage(tr("Cancelled."));
    Q_EMIT cancelled();
}

void ValidationWindow::showError(const QString& message) {
    busy_ = false;
    run_button_->setEnabled(true);
    cancel_button_->setEnabled(false);
    Q_EMIT failed(status_->showError(message));
}

void ValidationWindow::run() {
    token_.cancel();
    token_ = CancelToken();
    const ValidationRequest req = request();
    if (req.judgements.empty() || req.scores.empty())
        return showError(tr("give a judgements file and a score table"));
    busy_ = true;
    run_button_->setEnabled(false);
    cancel_button_->setEnabled(true);
    progress_->setValue(0);
    status_->showMessage(tr("Running the statistics (%1 bootstrap draws, %2 splits)…").arg(req.options.draws).arg(req.options.splits));
    // Progress arrives from worker threads; the runner shows it on the GUI thread, for this run only.
    const JobRunner::Progress post =
        runner_->progressPoster(token_, this, [this](int permille, int, QString) { progress_->setValue(permille); });
    auto progress = [post](double fraction) { post(int(fraction * 1000 + 0.5), 1000, QString()); };
    runner_->run<ValidationRunPtr>(
        tr("Validating against judgements"), JobPriority::Interactive, token_,
        [req, progress](const CancelToken& t) { return runValidation(req, &t, progress); }, this,
        [this](ValidationRunPtr r) { showRun(std::move(r)); }, [this](const QString& e) { showError(e); });
}

void ValidationWindow::showRun(ValidationRunPtr run) {
    run_ = std::move(run);
    busy_ = false;
    run_button_->setEnabled(true);
    cancel_button_->setEnabled(false);
    export_->setEnabled(true);
    const auto& r = run_->result;
    QString text = tr("%1 raters, %2 scenes, %3 items, %4 judgements; %5 bootstrap draws in %6 s")
                       .arg(r.raters)
                       .arg(r.scenes)
                       .arg(r.items)
                       .arg(r.observations)
                       .arg(r.options.draws)
                       .arg(r.seconds, 0, 'f', 2);
    if (!r.excludedRaters.empty()) text += tr("; %1 rater(s) left out").arg(r.excludedRaters.size());
    if (!run_->problems.empty())
        text += tr("; %1 bad row(s) skipped (first: %2)").arg(run_->problems.size()).arg(q(run_->problems.front()));
    status_->showMessage(text);

    while (tables_->count() > 0) {
        QWidget* w = tables_->widget(0);
        tables_->removeTab(0);
        delete w;
    }
    for (const auto& t : stats::validationTables(r)) {
        QTableWidget* w = tableWidget(t.table, tables_);
        w->setObjectName(q(t.name));
        tables_->addTab(w, q(t.name));
    }
    const QString previous = group_->currentText();
    group_->blockSignals(true);
    group_->clear();
    for (const auto& g : r.groups) group_->addItem(q(g));
    const int i = group_->findText(previous);
    group_->setCurrentIndex(i >= 0 ? i : 0);
    group_->blockSignals(false);
    showGroup();
    Q_EMIT finished();
}

void ValidationWindow::showGroup() {
    if (!run_ || group_->currentIndex() < 0) return;
    const std::string g = group_->currentText().toStdString();
    try {
        const auto a = agreementPlot(*run_, g);
        agreement_->setFigure(a ? std::make_shared<figure::PlotFigure>(*a) : nullptr,
                              tr("No agreement plot: agreement by separation needs A/B judgements."));
        const auto s = scatterPlot(*run_, g);
        scatter_->setFigure(s ? std::make_shared<figure::PlotFigure>(*s) : nullptr, tr("No scored items in this group."));
    } catch (const std::exception& e) {
        showError(q(e.what()));
    }
    QString line;
    for (const auto& rel : run_->result.reliability)
        if (rel.group == g)
            line = tr("split-half reliability %1, noise ceiling %2 [%3, %4]")
                       .arg(rel.reliability.reliability, 0, 'f', 3)
                       .arg(rel.reliability.ceiling, 0, 'f', 3)
                       .arg(rel.reliability.ceilingRange.lo, 0, 'f', 3)
                       .arg(rel.reliability.ceilingRange.hi, 0, 'f', 3);
    for (const auto& h : run_->humanAgreement)
        if (h.group == g && std::isfinite(h.value))
            line += tr("; human–human agreement %1").arg(h.value, 0, 'f', 3);
    summary_->setText(line);
}

bool ValidationWindow::exportFigure(const QString& which, const QString& path) {
    const auto& fig = which == "agreement" ? agreement_->figure() : scatter_->figure();
    if (!fig) {
        showError(tr("%1: there is no %2 plot to export").arg(path, which));
        return false;
    }
    try {
        figure::exportFigure(*fig, path.toStdString());
    } catch (const std::exception& e) {
        showError(q(e.what()));
        return false;
    }
    status_->showMessage(tr("wrote %1").arg(path));
    return true;
}

} // namespace ll::ui
