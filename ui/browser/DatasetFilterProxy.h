#pragma once
// DatasetFilterProxy: sorting (by Qt::UserRole values) and filtering of the dataset browser: free
// text over scene and model names, one task or both, and optionally hiding missing edits.
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

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    std::optional<Task> task_;
    bool hideMissing_ = false;
};

} // namespace ll::ui
