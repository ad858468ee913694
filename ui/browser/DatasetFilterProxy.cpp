#include "browser/DatasetFilterProxy.h"

#include "browser/DatasetTableModel.h"

namespace ll::ui {

DatasetFilterProxy::DatasetFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setSortRole(Qt::UserRole);
    setDynamicSortFilter(true);
}

void DatasetFilterProxy::setText(const QString& text) {
    text_ = text.trimmed();
    invalidateRowsFilter();
}

void DatasetFilterProxy::setTask(std::optional<Task> task) {
    task_ = task;
    invalidateRowsFilter();
}

void DatasetFilterProxy::setHideMissing(bool hide) {
    hideMissing_ = hide;
    invalidateRowsFilter();
}

void DatasetFilterProxy::setMetaFilter(int keyIndex, const QString& value) {
    metaKey_ = keyIndex;
    metaValue_ = value;
    invalidateRowsFilter();
}

bool DatasetFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    auto* m = static_cast<const DatasetTableModel*>(sourceModel());
    const BrowserRow& r = m->row(sourceRow);
    if (task_ && r.task != *task_) return false;
    if (hideMissing_ && r.state == BrowserRow::State::Missing) return false;
    if (metaKey_ >= 0 && (metaKey_ < r.meta.size() ? r.meta[metaKey_] : QString()) != metaValue_) return false;
    if (text_.isEmpty()) return true;
    // Every word must match the scene or the model.
    for (const QString& word : text_.split(' ', Qt::SkipEmptyParts))
        if (!r.scene.contains(word, Qt::CaseInsensitive) && !r.model.contains(word, Qt::CaseInsensitive)) return false;
    return true;
}

} // namespace ll::ui
