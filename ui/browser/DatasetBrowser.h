#pragma once
// DatasetBrowser: the table of scenes x models x tasks with their SIE and LFE (filled in as the
// background jobs finish), sortable by any column, filtered by text, task and missing edits,
// colour-coded by rank within each scene and task. Activating a row (click, Enter) shows the case.
// When the scenes have meta.json keys (regime, room, lamp ...), each key is a column, the scenes can be
// filtered to one value ("Scenes: regime = natural") and the rows grouped by a key: the view is sorted by
// it and a line per group ranks the models as `bench --group-by KEY` does (GroupRanking.h).
#include "browser/DatasetFilterProxy.h"
#include "browser/DatasetTableModel.h"
#include "inspect/CaseId.h"

#include <QWidget>

class QTableView;
class QLineEdit;
class QComboBox;
class QCheckBox;
class QLabel;
class QTimer;

namespace ll {
struct Dataset;
}

namespace ll::ui {

class DatasetBrowser : public QWidget {
    Q_OBJECT
public:
    explicit DatasetBrowser(QWidget* parent = nullptr);

    void setDataset(const Dataset& dataset);
    void setScores(const CaseId& id, std::optional<double> sie, std::optional<double> lfe);
    void setFailed(const CaseId& id, const QString& error, BrowserRow::Fault fault = BrowserRow::Fault::Edit);
    // The scores of a scene's rows are out of date: they show as pending until new ones arrive.
    void setScenePending(const QString& scene);
    // Selects the row of a case without emitting caseActivated.
    void selectCase(const CaseId& id);
    DatasetTableModel* model() const { return model_; }
    DatasetFilterProxy* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }
    // The scene filter ("All scenes", then "key = value" entries) and the group-by key ("No grouping",
    // then the keys).
    QComboBox* sceneFilter() const { return sceneFilter_; }
    QComboBox* groupBy() const { return groupBy_; }
    // The per-group rankings shown under the table (empty without grouping), up to date.
    QString groupSummaryText();

Q_SIGNALS:
    void caseActivated(const ll::ui::CaseId& id);

private:
    void updateSummary();
    void fillMetaControls();
    void scheduleGroupSummary();
    void updateGroupSummary();
    DatasetTableModel* model_;
    DatasetFilterProxy* proxy_;
    // Scene and model columns as wide as their names up to a cap (the rest elided), so the SIE and
    // LFE columns stay in view at the dock's default width.
    void fitNameColumns();
    void resizeEvent(QResizeEvent* e) override;

    QTableView* view_;
    QLineEdit* filter_;
    QComboBox* task_;
    QCheckBox* hideMissing_;
    QLabel* summary_;
    QWidget* metaRow_;
    QComboBox* sceneFilter_;
    QComboBox* groupBy_;
    QLabel* groupSummary_;
    QTimer* groupTimer_;
    bool selecting_ = false;
};

} // namespace ll::ui
