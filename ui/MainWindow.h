#pragma once
// MainWindow: the Inspector. Dataset browser (left), the locked pane grid (centre), the score
// panel and pixel inspector (right), the display toolbar, the job indicator in the status bar,
// and the keys of the help dialog. All computation runs in the JobRunner; this class only reacts.
#include "app/DatasetSession.h"
#include "inspect/CaseData.h"
#include "view/PaneGrid.h"

#include <QMainWindow>
#include <QPointer>

class QLabel;
class QMenu;
class QProgressBar;

namespace ll::ui {

class AnnotationMode;
class CaptureDialog;
class DatasetBrowser;
class DisplayToolBar;
class EditScoreWindow;
class FigureComposer;
class PixelInspector;
class ScorePanel;
class TileCache;
class ValidationWindow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a dataset folder; false (and a message) when it cannot be read.
    bool openDataset(const QString& path);
    // Opens what a path names: the dataset it lies in (the nearest folder with scenes/ at or above it)
    // and, for a scene's file, an input or an edit, that case (dataset/DatasetLocate.h). Dropped files
    // go here. False (with a status-bar message) when the path is in no dataset.
    bool openPath(const QString& path);
    // Writes the synthetic demo dataset to `dir` (a job; default: the cache folder) and opens it.
    void openDemo(const QString& dir = {});
    void showCase(const CaseId& id);
    // F5 / Ctrl+R: the current scene's images, edits and labels are read again from disk (unsaved
    // annotation edits are dropped after asking) and its scores recomputed.
    void reloadCurrentScene();
    // Tools windows (each its own window, raised when already open): the edit-score window on a
    // material dataset (asks for the folder when none is given) and the validation window.
    EditScoreWindow* openEditScores(const QString& materialDataset = {});
    ValidationWindow* openValidation();
    // Opens (or raises) the figure composer on the open dataset and the case on screen.
    FigureComposer* openFigureComposer();
    // File -> New scene from brackets...: when the capture is done, its dataset is opened on the scene.
    CaptureDialog* openCaptureDialog();

    // For tests and the screenshot tool.
    JobRunner* jobs() const { return runner_; }
    DatasetSession* session() const { return session_; }
    PaneGrid* grid() const { return grid_; }
    ViewState* viewState() const { return state_; }
    ScorePanel* scorePanel() const { return scores_; }
    PixelInspector* pixelInspector() const { return inspector_; }
    DatasetBrowser* browser() const { return browser_; }
    // The case on screen once its evaluation is complete (null while only its images are shown).
    CasePtr currentCase() const { return case_ && !case_->evaluating ? case_ : nullptr; }
    // The case on screen, complete or with its images only.
    CasePtr shownCase() const { return case_; }
    AnnotationMode* annotation() const { return annotate_; }

Q_SIGNALS:
    void datasetOpened(const QString& path);
    void caseShown(const ll::ui::CaseId& id);

protected:
    void dragEnterEvent(QDragEnterEvent*) override;
    void dropEvent(QDropEvent*) override;
    void closeEvent(QCloseEvent*) override;

private:
    void createActions();
    void createDocks();
    void rebuildRecentMenu();
    void onCaseReady(CasePtr c);
    void onCaseProgress(const CaseId& id, int done, int total, const QString& what);
    void onJobs(int active, const QString& summary);
    void stepModel(int index);
    void stepScene(int delta);
    void toggleTask();
    void setExposureDelta(double ev);

    JobRunner* runner_;
    DatasetSession* session_;
    ViewState* state_;
    std::unique_ptr<TileCache> tiles_;
    PaneGrid* grid_;
    DisplayToolBar* toolbar_;
    DatasetBrowser* browser_;
    ScorePanel* scores_;
    PixelInspector* inspector_;
    QLabel* jobLabel_;
    QProgressBar* jobBar_;
    QLabel* pixelLabel_;
    QMenu* recentMenu_ = nullptr;
    QPointer<FigureComposer> composer_;
    CasePtr case_;
    AnnotationMode* annotate_ = nullptr;
    GridLayout lastMultiLayout_ = GridLayout::TwoByThree;
};

} // namespace ll::ui
