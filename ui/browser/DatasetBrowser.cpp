#include "browser/DatasetBrowser.h"

#include "browser/GroupRanking.h"
#include "dataset/Dataset.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QScrollBar>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

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
    // Task, SIE and LFE have fixed widths (SIE and LFE wide enough for "000.000"), so they do not
    // grow as scores arrive; the names share what is left of the dock (fitNameColumns).
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    for (const int col : {int(DatasetTableModel::SceneCol), int(DatasetTableModel::ModelCol), int(DatasetTableModel::TaskCol),
                          int(DatasetTableModel::SieCol), int(DatasetTableModel::LfeCol)})
        view_->horizontalHeader()->setSectionResizeMode(col, QHeaderView::Interactive);
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

    metaRow_ = new QWidget(this);
    sceneFilter_ = new QComboBox(metaRow_);
    sceneFilter_->setToolTip(tr("Show the scenes whose meta.json has this value"));
    sceneFilter_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    sceneFilter_->setMinimumContentsLength(10);
    groupBy_ = new QComboBox(metaRow_);
    groupBy_->setToolTip(tr("Group the rows by a meta.json key and rank the models per group, as bench --group-by"));
    groupBy_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    groupBy_->setMinimumContentsLength(8);
    auto* metaLayout = new QHBoxLayout(metaRow_);
    metaLayout->setContentsMargins(0, 0, 0, 0);
    metaLayout->addWidget(sceneFilter_, 1);
    metaLayout->addWidget(groupBy_);
    metaRow_->hide();
    groupSummary_ = new QLabel(this);
    groupSummary_->setObjectName("PanelNote");
    groupSummary_->setWordWrap(true);
    groupSummary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    groupSummary_->hide();
    groupTimer_ = new QTimer(this);
    groupTimer_->setSingleShot(true);
    groupTimer_->setInterval(250); // scores arrive in bursts: one ranking per burst
    connect(groupTimer_, &QTimer::timeout, this, &DatasetBrowser::updateGroupSummary);

    auto* top = new QHBoxLayout;
    top->addWidget(filter_, 1);
    top->addWidget(task_);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(6, 6, 6, 6);
    l->setSpacing(4);
    l->addLayout(top);
    l->addWidget(hideMissing_);
    l->addWidget(metaRow_);
    l->addWidget(view_, 1);
    l->addWidget(summary_);
    l->addWidget(groupSummary_);

    connect(filter_, &QLineEdit::textChanged, proxy_, &DatasetFilterProxy::setText);
    connect(task_, &QComboBox::currentIndexChanged, this, [this](int i) {
        proxy_->setTask(i == 0 ? std::nullopt : std::optional<Task>(i == 1 ? Task::On : Task::Off));
    });
    connect(hideMissing_, &QCheckBox::toggled, proxy_, &DatasetFilterProxy::setHideMissing);
    connect(sceneFilter_, &QComboBox::currentIndexChanged, this, [this](int i) {
        const QStringList kv = sceneFilter_->itemData(i).toStringList();
        if (kv.size() == 2) proxy_->setMetaFilter(int(model_->metaKeys().indexOf(kv[0])), kv[1]);
        else proxy_->setMetaFilter(-1, {});
    });
    connect(groupBy_, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i > 0) view_->sortByColumn(model_->metaColumn(i - 1), Qt::AscendingOrder);
        scheduleGroupSummary();
    });
    // Any change of the rows shown (filters, scores) re-ranks the groups.
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &DatasetBrowser::scheduleGroupSummary);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &DatasetBrowser::scheduleGroupSummary);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &DatasetBrowser::scheduleGroupSummary);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &DatasetBrowser::scheduleGroupSummary);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& cur) {
                if (selecting_ || !cur.isValid()) return;
                const BrowserRow& r = model_->row(proxy_->mapToSource(cur).row());
                Q_EMIT caseActivated(CaseId{r.scene, r.model, r.task});
            });
}

void DatasetBrowser::setDataset(const Dataset& d) {
    // The meta.json keys of all scenes (byte order, as per_image.csv's meta.<key> columns) and each
    // scene's values in that order.
    std::set<std::string> keySet;
    for (const Scene& sc : d.scenes)
        for (const auto& [k, v] : sc.meta.fields)
            if (!v.empty()) keySet.insert(k); // null values are left out, as in per_image.csv
    QStringList keys;
    for (const auto& k : keySet) keys << QString::fromStdString(k);
    std::map<std::string, QStringList> sceneMeta;
    for (const Scene& sc : d.scenes) {
        QStringList values;
        for (const auto& k : keySet) {
            const auto it = sc.meta.fields.find(k);
            values << (it == sc.meta.fields.end() ? QString() : QString::fromStdString(it->second));
        }
        sceneMeta[sc.name] = values;
    }

    std::vector<BrowserRow> rows;
    rows.reserve(d.edits.size());
    for (const EditEntry& e : d.edits) {
        BrowserRow r;
        r.scene = QString::fromStdString(e.scene);
        if (const auto it = sceneMeta.find(e.scene); it != sceneMeta.end()) r.meta = it->second;
        r.model = QString::fromStdString(e.model);
        r.task = e.task;
        if (!e.usable()) {
            r.state = BrowserRow::State::Missing;
            r.problem = QString::fromStdString(e.problem.empty() ? "no edit" : e.problem);
        }
        rows.push_back(std::move(r));
    }
    model_->setRows(std::move(rows), keys);
    fillMetaControls();
    fitNameColumns();
    updateSummary();
}

void DatasetBrowser::fillMetaControls() {
    const QStringList& keys = model_->metaKeys();
    QSignalBlocker b1(sceneFilter_), b2(groupBy_);
    sceneFilter_->clear();
    groupBy_->clear();
    proxy_->setMetaFilter(-1, {});
    sceneFilter_->addItem(tr("All scenes"));
    groupBy_->addItem(tr("No grouping"));
    for (int k = 0; k < keys.size(); ++k) {
        std::set<QString> values;
        for (const BrowserRow& r : model_->rows()) values.insert(k < r.meta.size() ? r.meta[k] : QString());
        for (const QString& v : values)
            sceneFilter_->addItem(v.isEmpty() ? tr("%1 not given").arg(keys[k]) : QStringLiteral("%1 = %2").arg(keys[k], v),
                                  QStringList{keys[k], v});
        groupBy_->addItem(tr("Group by %1").arg(keys[k]));
    }
    metaRow_->setVisible(!keys.isEmpty());
    groupSummary_->clear();
    groupSummary_->hide();
}

void DatasetBrowser::scheduleGroupSummary() {
    if (groupBy_->currentIndex() > 0) groupTimer_->start();
    else if (groupSummary_->isVisible()) {
        groupTimer_->stop();
        groupSummary_->hide();
    }
}

QString DatasetBrowser::groupSummaryText() {
    if (groupTimer_->isActive()) {
        groupTimer_->stop();
        updateGroupSummary();
    }
    return groupSummary_->isVisible() ? groupSummary_->text() : QString();
}

void DatasetBrowser::updateGroupSummary() {
    const int key = groupBy_->currentIndex() - 1;
    if (key < 0) {
        groupSummary_->hide();
        return;
    }
    std::vector<const BrowserRow*> shown;
    shown.reserve(std::size_t(proxy_->rowCount()));
    for (int i = 0; i < proxy_->rowCount(); ++i) shown.push_back(&model_->row(proxy_->mapToSource(proxy_->index(i, 0)).row()));
    const QString& name = model_->metaKeys()[key];
    groupSummary_->setText(tr("Average rank per %1 (best 80%, as bench --group-by %1):").arg(name) + '\n' +
                           groupRankingText(groupRankings(shown, model_->metaKeys(), key), name));
    groupSummary_->show();
}

void DatasetBrowser::fitNameColumns() {
    const QFontMetrics fm = view_->fontMetrics();
    const int pad = 2 * view_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view_) + 12;
    const int sort = view_->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, view_) + 6;
    view_->setColumnWidth(DatasetTableModel::TaskCol, std::max(fm.horizontalAdvance(tr("Task")) + sort, fm.horizontalAdvance("off")) + pad);
    const int score = std::max(fm.horizontalAdvance("000.000"), fm.horizontalAdvance(tr("SIE")) + sort) + pad;
    view_->setColumnWidth(DatasetTableModel::SieCol, score);
    view_->setColumnWidth(DatasetTableModel::LfeCol, score);
    // The names: as wide as they are, at most 12 characters, and together no wider than what the
    // viewport leaves beside Task, SIE and LFE (at least 6 characters each).
    // Room for a vertical scroll bar is kept whether or not it shows yet (it appears once the rows
    // are laid out, and would push LFE out of view).
    int viewport = view_->viewport()->width();
    if (!view_->verticalScrollBar()->isVisible()) viewport -= view_->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, view_);
    const int room = viewport - view_->columnWidth(DatasetTableModel::TaskCol) - 2 * score;
    const int cap = std::max(fm.averageCharWidth() * 6, std::min(fm.averageCharWidth() * 12, room / 2));
    QList<int> cols{int(DatasetTableModel::SceneCol), int(DatasetTableModel::ModelCol)};
    // Metadata values can be long (k with 17 digits, a capture block as JSON): capped at 12 characters.
    for (int k = 0; k < model_->metaKeys().size(); ++k) {
        cols << model_->metaColumn(k);
        view_->horizontalHeader()->setSectionResizeMode(model_->metaColumn(k), QHeaderView::Interactive);
    }
    for (const int col : cols) {
        const int limit = col == DatasetTableModel::SceneCol || col == DatasetTableModel::ModelCol ? cap : fm.averageCharWidth() * 12;
        view_->resizeColumnToContents(col);
        if (view_->columnWidth(col) > limit) view_->setColumnWidth(col, limit);
    }
}

void DatasetBrowser::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    if (model_->rowCount() > 0) fitNameColumns();
}

void DatasetBrowser::setScores(const CaseId& id, std::optional<double> sie, std::optional<double> lfe) {
    const int r = model_->findRow(id.scene, id.model, id.task);
    if (r < 0) return;
    model_->setScores(r, sie, lfe);
    updateSummary();
}

void DatasetBrowser::setFailed(const CaseId& id, const QString& error, BrowserRow::Fault fault) {
    const int r = model_->findRow(id.scene, id.model, id.task);
    if (r < 0) return;
    model_->setFailed(r, error, fault);
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
    scheduleGroupSummary();
}

} // namespace ll::ui
