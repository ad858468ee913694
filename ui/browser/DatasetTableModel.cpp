#include "browser/DatasetTableModel.h"

#include <QBrush>
#include <QColor>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll::ui {

QColor rankColour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    // Hue from green (120) through amber to red (0).
    return QColor::fromHsvF(float((1.0 - t) * 120.0 / 360.0), 0.55f, 0.42f);
}

namespace {
QString groupKey(const QString& scene, Task task) { return scene + QChar(0x1f) + QLatin1String(taskName(task)); }
QString rowKey(const QString& scene, const QString& model, Task task) { return groupKey(scene, task) + QChar(0x1f) + model; }
} // namespace

void DatasetTableModel::setRows(std::vector<BrowserRow> rows, QStringList metaKeys) {
    beginResetModel();
    rows_ = std::move(rows);
    metaKeys_ = std::move(metaKeys);
    rowIndex_.clear();
    groups_.clear();
    counts_ = {};
    rowIndex_.reserve(qsizetype(rows_.size()));
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const BrowserRow& r = rows_[i];
        rowIndex_.insert(rowKey(r.scene, r.model, r.task), int(i));
        groups_[groupKey(r.scene, r.task)].push_back(i);
        ++counts_[std::size_t(r.state)];
    }
    endResetModel();
}

void DatasetTableModel::setState(BrowserRow& row, BrowserRow::State state) {
    --counts_[std::size_t(row.state)];
    row.state = state;
    ++counts_[std::size_t(state)];
}

int DatasetTableModel::findRow(const QString& scene, const QString& model, Task task) const {
    return rowIndex_.value(rowKey(scene, model, task), -1);
}

void DatasetTableModel::setScores(int r, std::optional<double> sie, std::optional<double> lfe) {
    auto& row = rows_[std::size_t(r)];
    row.sie = sie;
    row.lfe = lfe;
    setState(row, BrowserRow::State::Done);
    rerank(row.scene, row.task);
}

void DatasetTableModel::setFailed(int r, const QString& error, BrowserRow::Fault fault) {
    auto& row = rows_[std::size_t(r)];
    setState(row, BrowserRow::State::Failed);
    row.problem = error;
    row.fault = fault;
    Q_EMIT dataChanged(index(r, 0), index(r, columnCount() - 1));
}

void DatasetTableModel::setScenePending(const QString& scene) {
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        BrowserRow& row = rows_[i];
        if (row.scene != scene || row.state == BrowserRow::State::Missing) continue;
        row.sie.reset();
        row.lfe.reset();
        row.problem.clear();
        setState(row, BrowserRow::State::Pending);
    }
    for (Task t : {Task::On, Task::Off}) rerank(scene, t);
    if (!rows_.empty()) Q_EMIT dataChanged(index(0, 0), index(int(rows_.size()) - 1, columnCount() - 1));
}

void DatasetTableModel::rerank(const QString& scene, Task task) {
    const std::vector<std::size_t> group = groups_.value(groupKey(scene, task));
    auto rank = [&](auto get, auto set) {
        std::vector<std::size_t> scored;
        for (auto i : group)
            if (get(rows_[i])) scored.push_back(i);
        std::sort(scored.begin(), scored.end(), [&](auto a, auto b) { return *get(rows_[a]) < *get(rows_[b]); });
        for (auto i : group) set(rows_[i], 0);
        for (std::size_t k = 0; k < scored.size(); ++k) set(rows_[scored[k]], int(k) + 1);
        return int(scored.size());
    };
    const int n1 = rank([](const BrowserRow& r) { return r.sie; }, [](BrowserRow& r, int k) { r.sieRank = k; });
    const int n2 = rank([](const BrowserRow& r) { return r.lfe; }, [](BrowserRow& r, int k) { r.lfeRank = k; });
    for (auto i : group) {
        rows_[i].rankCount = std::max(n1, n2);
        Q_EMIT dataChanged(index(int(i), 0), index(int(i), columnCount() - 1));
    }
}

int DatasetTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(rows_.size()); }
int DatasetTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount + int(metaKeys_.size());
}

QVariant DatasetTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal) return {};
    if (section >= ColumnCount && section < columnCount()) {
        const QString& key = metaKeys_[section - ColumnCount];
        if (role == Qt::ToolTipRole) return tr("meta.json key \"%1\" of the scene").arg(key);
        return role == Qt::DisplayRole ? QVariant(key) : QVariant();
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case SceneCol: return tr("Scene");
    case ModelCol: return tr("Model");
    case TaskCol: return tr("Task");
    case SieCol: return tr("SIE");
    case LfeCol: return tr("LFE");
    case StatusCol: return tr("Status");
    }
    return {};
}

QVariant DatasetTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid()) return {};
    const BrowserRow& r = rows_[std::size_t(index.row())];
    const int col = index.column();
    auto score = [&](const std::optional<double>& v) -> QVariant {
        if (role == Qt::UserRole) return v ? *v : std::numeric_limits<double>::infinity();
        if (role != Qt::DisplayRole) return {};
        if (r.state == BrowserRow::State::Missing) return tr("missing");
        if (r.state == BrowserRow::State::Pending) return QStringLiteral("…");
        if (r.state == BrowserRow::State::Failed) return tr("error");
        return v ? QString::number(*v, 'f', 3) : QStringLiteral("null");
    };
    if (role == Qt::BackgroundRole && (col == SieCol || col == LfeCol) && r.rankCount > 1) {
        const int rank = col == SieCol ? r.sieRank : r.lfeRank;
        if (rank > 0) return QBrush(rankColour(double(rank - 1) / double(r.rankCount - 1)));
    }
    if (role == Qt::ForegroundRole && (r.state == BrowserRow::State::Missing || r.state == BrowserRow::State::Failed))
        return QBrush(r.state == BrowserRow::State::Missing ? QColor(0x9a, 0x86, 0x5c) : QColor(0xe0, 0x6c, 0x6c));
    if (role == Qt::ToolTipRole && !r.problem.isEmpty()) return r.problem;
    if (role == Qt::ToolTipRole && (col == SceneCol || col == ModelCol)) return col == SceneCol ? r.scene : r.model;
    if (role == Qt::TextAlignmentRole && (col == SieCol || col == LfeCol))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (col >= ColumnCount) { // a scene metadata column
        if (role != Qt::DisplayRole && role != Qt::UserRole && role != Qt::ToolTipRole) return {};
        const int k = col - ColumnCount;
        const QString value = k < r.meta.size() ? r.meta[k] : QString();
        // Scenes without the key sort last, as "(not given)" is listed last by the tables.
        if (role == Qt::UserRole && value.isEmpty()) return QString(QChar(0xffff));
        // A number (meta.json keeps k to 17 digits) shows with 6 significant digits and sorts as a
        // number; the tooltip has the text as written.
        bool number = false;
        const double v = value.toDouble(&number);
        if (number && role == Qt::DisplayRole) return QString::number(v, 'g', 6);
        if (number && role == Qt::UserRole) return v;
        return value;
    }
    switch (col) {
    case SceneCol: return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(r.scene) : QVariant();
    case ModelCol: return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(r.model) : QVariant();
    case TaskCol:
        return role == Qt::DisplayRole || role == Qt::UserRole ? QVariant(QString(r.task == Task::On ? "on" : "off")) : QVariant();
    case SieCol: return score(r.sie);
    case LfeCol: return score(r.lfe);
    case StatusCol: {
        if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
        switch (r.state) {
        case BrowserRow::State::Pending: return tr("scoring");
        case BrowserRow::State::Done:
            return r.sieRank ? tr("#%1 of %2").arg(r.sieRank).arg(r.rankCount) : tr("scored");
        case BrowserRow::State::Failed: return tr("error");
        case BrowserRow::State::Missing: return tr("missing edit");
        }
    }
    }
    return {};
}

} // namespace ll::ui
