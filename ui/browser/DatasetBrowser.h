#pragma once
// DatasetBrowser: the table of scenes x models x tasks with their SIE and LFE (filled in as the
// background jobs finish), sortable by any column, filtered by text, task and missing edits,
// colour-coded by rank within each scene and task. Activating a row (click, Enter) shows the case.
#include "browser/DatasetFilterProxy.h"
#include "browser/DatasetTableModel.h"
#include "inspect/CaseId.h"

#include <QWidget>

class QTableView;
class QLineEdit;
class QComboBox;
class QCheckBox;
class QLabel;

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
    void setFailed(const CaseId& id, const QString& error);
    // The scores of a scene's rows are out of date: they show as pending until new ones arrive.
    void setScenePending(const QString& scene);
    // Selects the row of a case without emitting caseActivated.
    void selectCase(const CaseId& id);
    DatasetTableModel* model() const { return model_; }
    DatasetFilterProxy* proxy() const { return proxy_; }
    QTableView* view() const { return view_; }

Q_SIGNALS:
    void caseActivated(const ll::ui::CaseId& id);

private:
    void updateSummary();
    DatasetTableModel* model_;
    DatasetFilterProxy* proxy_;
    // Scene and model columns as wide as their names up to a cap (the rest elided), so the SIE and
    // LFE columns stay in view at the dock's default width.
    void fitNameColumns();

    QTableView* view_;
    QLineEdit* filter_;
    QComboBox* task_;
    QCheckBox* hideMissing_;
    QLabel* summary_;
    bool selecting_ = false;
};

} // namespace ll::ui
