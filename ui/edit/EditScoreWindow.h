#pragma once
// EditScoreWindow: scores a material-replacement edit (docs/edit-scores.md) in the GUI. Opens a
// material dataset (tasks/, edits/<model>/), scores the chosen model's edit of the chosen task and
// the task's identity and paste anchors with evaluateEdit on the JobRunner, and shows
//  - the score card: each score labelled as the classical measure it is, beside the paper's learned
//    measure, with the anchors' scores next to the model's; the learned scorers of the extension
//    point listed as "not available: no learned model configured" unless a registry provides them;
//  - the maps (preservation SSIM, structure term, harmony seam ring, local shift, fine-band NCC,
//    change evidence with the candidate components boxed, CIEDE2000, preserved region) in a zoomable
//    view with a colour legend;
//  - the unintended-change verdict per dimension with the paper's labels, every check with its
//    number and rule, and the candidate list of changed regions.
// Errors (a folder that is not a material dataset, a missing edit, an unreadable image) are shown as
// one line in the window; nothing is computed on the GUI thread.
#include "edit/EditScoreJob.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace ll::ui {

class JobRunner;
class StatusLine;
class MapLegend;
class MapView;

class EditScoreWindow : public QWidget {
    Q_OBJECT
public:
    explicit EditScoreWindow(JobRunner* runner, QWidget* parent = nullptr);
    ~EditScoreWindow() override;

    // Scans the dataset folder (a job), fills the task and model lists and scores the first edit.
    void openDataset(const QString& path);
    // Scores `model`'s edit of `task` of the open dataset (a job).
    void scoreEdit(const QString& task, const QString& model);
    // Shows one map ("input", "edit" or a map name of the evaluation); false when there is none.
    bool showMap(const QString& key);
    // Learned scorers to run beside the classical scores (null: the papers' models, unavailable).
    void setLearnedScorers(std::shared_ptr<const edit::LearnedScorerRegistry> registry);

    // For tests and screenshots.
    bool busy() const { return busy_; }
    // The run on screen: progress in stages of scoreMaterialTask (0..kEditScoreStages) and Cancel.
    QProgressBar* progressBar() const { return progress_; }
    QPushButton* cancelButton() const { return cancel_; }
    // Stops the scan or scoring under way (the window keeps the last result); emits cancelled().
    void cancel();
    QString errorText() const;
    QString statusText() const; // the status line, message or error
    EditScorePtr result() const { return result_; }
    const edit::MaterialDataset* dataset() const { return dataset_.get(); }
    // Score card: columns score, model edit, identity anchor, paste anchor, measure, paper's measure
    // (short forms; the full texts of core/edit are the cells' tooltips).
    QTableWidget* scoreTable() const { return scores_; }
    QTableWidget* verdictTable() const { return verdicts_; }
    QTableWidget* checkTable() const { return checks_; }
    QTableWidget* candidateTable() const { return candidates_; }
    QComboBox* taskChooser() const { return tasks_; }
    QComboBox* modelChooser() const { return models_; }
    QComboBox* mapChooser() const { return maps_; }
    MapView* mapView() const { return view_; }
    MapLegend* legend() const { return legend_; }
    // The text the score card shows for a value (3 decimals, "—" when undefined).
    static QString formatScore(const std::optional<double>& v);

Q_SIGNALS:
    void datasetOpened();
    void scored();
    void failed(const QString& message);
    void cancelled();

private:
    void showError(const QString& message);
    void showResult(EditScorePtr r);
    void fillScoreCard(const EditScoreResult& r);
    void fillChanges(const EditScoreResult& r);
    void showMeasure(int row);
    void fillMapChooser(const EditScoreResult& r);
    void setBusy(bool busy, const QString& text = {});

    JobRunner* runner_;
    ColourConfig colour_;
    std::shared_ptr<const edit::MaterialDataset> dataset_;
    std::shared_ptr<const edit::LearnedScorerRegistry> learned_;
    EditScorePtr result_;
    CancelToken token_;
    bool busy_ = false;
    bool filling_ = false;

    QLabel *path_, *measure_, *diagnostics_, *candidateNote_;
    StatusLine* status_ = nullptr;
    QPushButton* open_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QComboBox *tasks_, *models_, *maps_;
    QTableWidget *scores_, *verdicts_, *checks_, *candidates_;
    MapView* view_;
    MapLegend* legend_;
};

} // namespace ll::ui
