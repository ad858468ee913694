#pragma once
// DatasetTableModel: the rows of the dataset browser (scene, model, task, SIE, LFE, status, then one
// column per scene metadata key of the dataset's meta.json files, as per_image.csv's meta.<key>).
// Scores arrive one by one from background jobs (setScores); each arrival re-ranks the models of
// that scene and task, and the SIE/LFE cells are coloured by rank (best green .. worst red).
// Sorting uses Qt::UserRole: numbers sort numerically and missing/failed scores sort last.
#include "browser/BrowserRow.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QStringList>

#include <array>

#include <vector>

namespace ll::ui {

class DatasetTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SceneCol, ModelCol, TaskCol, SieCol, LfeCol, StatusCol, ColumnCount };

    explicit DatasetTableModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

    // metaKeys: the meta.json keys of the dataset, one column each after Status; each row's `meta`
    // holds its scene's values in this order.
    void setRows(std::vector<BrowserRow> rows, QStringList metaKeys = {});
    const QStringList& metaKeys() const { return metaKeys_; }
    int metaColumn(int keyIndex) const { return ColumnCount + keyIndex; }
    const std::vector<BrowserRow>& rows() const { return rows_; }
    const BrowserRow& row(int i) const { return rows_[std::size_t(i)]; }
    int findRow(const QString& scene, const QString& model, Task task) const;
    void setScores(int row, std::optional<double> sie, std::optional<double> lfe);
    void setFailed(int row, const QString& error, BrowserRow::Fault fault = BrowserRow::Fault::Edit);
    // The usable rows of `scene` wait for new scores (their old ones are dropped).
    void setScenePending(const QString& scene);
    int pendingCount() const { return stateCount(BrowserRow::State::Pending); }
    int stateCount(BrowserRow::State state) const { return counts_[std::size_t(state)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation o, int role) const override;

private:
    void rerank(const QString& scene, Task task);
    void setState(BrowserRow& row, BrowserRow::State state);
    std::vector<BrowserRow> rows_;
    QStringList metaKeys_;
    // Built by setRows so that each score arriving costs a hash lookup, not a pass over all rows
    // (a dataset of 10,000 scenes has 20,000 rows per model).
    QHash<QString, int> rowIndex_;                          // rowKey(scene, model, task) -> row
    QHash<QString, std::vector<std::size_t>> groups_;       // groupKey(scene, task) -> rows
    std::array<int, 4> counts_{};                           // rows per BrowserRow::State
};

// Rank colour: t = 0 best (green) .. 1 worst (red), muted for a dark background.
QColor rankColour(double t);

} // namespace ll::ui
