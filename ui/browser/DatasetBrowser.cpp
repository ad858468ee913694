#include "browser/DatasetBrowser.h"

#include "dataset/Dataset.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace ll::ui {

DatasetBrowser::DatasetBrowser(QWidget* parent) : QWidget(parent) {
    model_ = new DatasetTableModel(this);
    proxy_ = new DatasetFilterProxy(this);
    proxy_->setSourceModel(model_);
    view_ = new QTableView(this);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(DatasetTableModel::SceneCol, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // Long scene and model names are elided (full text in the tooltip) rather than pushing the
    // score columns out of the dock: see fitNameColumns().
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view_->horizontalHeader()->setSectionResizeMode(DatasetTableModel::SceneCol, QHeaderView::Interactive);
    view_->horizontalHeader()->setSectionResizeMode(DatasetTableModel::ModelCol, QHeaderView::Interactive);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setTextElideMode(Qt::ElideMiddle);
    view_->setShowGrid(false);
    view_->setAlternatingRowColors(true);
    view_->setFocusPolicy(Qt::ClickFocus);

    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter scenes and models…"));
    filter_->setClearButtonEnabled(true);
    task_ = new QComboBox(this);
    task_->addItem(tr("Both tasks"));
    task_->addItem(tr("Turn on"));
    task_->addItem(tr("Turn off"));
    hideMissing_ = new QCheckBox(tr("Hide missing"), this);
    summary_ = new QLabel(this);
    summary_->setObjectName("PanelNote");

    auto* top = new QHBoxLayout;
    top->addWidget(filter_, 1);
    top->addWidget(task_);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(6, 6, 6, 6);
    l->setSpacing(4);
    l->addLayout(top);
    l->addWidget(hideMissing_);
    l->addWidget(view_, 1);
    l->addWidget(summary_);

    connect(filter_, &QLineEdit::textChanged, proxy_, &DatasetFilterProxy::setText);
    connect(task_, &QComboBox::currentIndexChanged, this, [this](int i) {
        proxy_->setTask(i == 0 ? std::nullopt : std::optional<Task>(i == 1 ? Task::On : Task::Off));
    });
    connect(hideMissing_, &QCheckBox::toggled, proxy_, &DatasetFilterProxy::setHideMissing);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& cur) {
                if (selecting_ || !cur.isValid()) return;
                const BrowserRow& r = model_->row(proxy_->mapToSource(cur).row());
                Q_EMIT caseActivated(CaseId{r.scene, r.model, r.task});
            });
}

void DatasetBrowser::setDataset(const Dataset& d) {
    std::vector<BrowserRow> rows;
    rows.reserve(d.edits.size());
    for (const EditEntry& e : d.edits) {
        BrowserRow r;
        r.scene = QString::fromStdString(e.scene);
        r.model = QString::fromStdString(e.model);
        r.task = e.task;
        if (!e.usable()) {
            r.state = BrowserRow::State::Missing;
            r.problem = QString::fromStdString(e.problem.empty() ? "no edit" : e.problem);
        }
        rows.push_back(std::move(r));
    }
    model_->setRows(std::move(rows));
    fitNameColumns();
    updateSummary();
}

void DatasetBrowser::fitNameColumns() {
    const int cap = fontMetrics().averageCharWidth() * 12;
    for (const int col : {int(DatasetTableModel::SceneCol), int(DatasetTableModel::ModelCol)}) {
        view_->resizeColumnToContents(col);
        if (view_->columnWidth(col) > cap) view_->setColumnWidth(col, cap);
    }
}

void DatasetBrowser::setScores(const CaseId& id, std::optional<double> sie, std::optional<double> lfe) {
    const int r = model_->findRow(id.scene, id.model, id.task);
    if (r < 0) return;
    model_->setScores(r, sie, lfe);
    updateSummary();
}

void DatasetBrowser::setFailed(const CaseId& id, const QString& error) {
    const int r = model_->findRow(id.scene, id.model, id.task);
    if (r < 0) return;
    model_->setFailed(r, error);
    updateSummary();
}

void DatasetBrowser::setScenePending(const QString& scene) {
    model_->setScenePending(scene);
    updateSummary();
}

void DatasetBrowser::selectCase(const CaseId& id) {
    const int r = model_->findRow(id.scene, id.model, id.task);
    if (r < 0) return;
    const QModelIndex pi = proxy_->mapFromSource(model_->index(r, 0));
    if (!pi.isValid()) return;
    selecting_ = true;
    view_->selectionModel()->setCurrentIndex(pi, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view_->scrollTo(pi);
    selecting_ = false;
}

void DatasetBrowser::updateSummary() {
    const int missing = model_->stateCount(BrowserRow::State::Missing);
    const int failed = model_->stateCount(BrowserRow::State::Failed);
    const int pending = model_->pendingCount();
    QString s = tr("%1 cases").arg(model_->rowCount());
    if (pending) s += tr(" · %1 scoring").arg(pending);
    if (missing) s += tr(" · %1 missing").arg(missing);
    if (failed) s += tr(" · %1 errors").arg(failed);
    summary_->setText(s);
}

} // namespace ll::ui
