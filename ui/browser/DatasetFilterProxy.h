#pragma once
// DatasetFilterProxy: sorting (by Qt::UserRole values) and filtering of the dataset browser: free
// text over scene and model names, one task or both, optionally hiding missing edits, and one scene
// metadata value (a meta.json key of DatasetTableModel::metaKeys() equal to a value).
#include "util/Task.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace ll::ui {

class DatasetFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit DatasetFilterProxy(QObject* parent = nullptr);
    void setText(const QString& text);
    void setTask(std::optional<Task> task);
    void setHideMissing(bool hide);
    // Keeps the rows whose scene has meta[keyIndex] == value ("" = scenes without the key); keyIndex
    // < 0 turns the filter off.
    void setMetaFilter(int keyIndex, const QString& value);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    std::optional<Task> task_;
    bool hideMissing_ = false;
    int metaKey_ = -1;
    QString metaValue_;
};

} // namespace ll::ui
