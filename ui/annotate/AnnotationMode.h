#pragma once
// AnnotationMode: the annotation editor inside the Inspector window. Toggled with Ctrl+E (menu
// Annotate). It lays an AnnotationOverlay over every pane of the grid, adds the Annotation dock
// (AnnotationPanel), opens the labels of the scene on screen as an AnnotationDocument, re-scores
// the case with the edited labels (debounced, through the JobRunner) so the score panel, maps and
// overlays follow the edits, and keeps the per-class areas up to date.
//
// Unsaved work: every edit is journalled beside the labels file (EditJournal). When a dataset is
// opened, journals left by a crash are offered for restoring; a scene opened with a journal asks
// again. Closing the window (or opening another dataset) with unsaved changes asks to save or
// discard them; cancelling keeps the window open.
#include "annotate/AnnotationEditor.h"
#include "annotate/BackdropImages.h"
#include "inspect/CaseData.h"
#include "jobs/CancelToken.h"

#include <QMessageBox>
#include <QObject>

#include <array>
#include <functional>
#include <map>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;
class QTimer;

namespace ll::ui {

class AnnotationOverlay;
class AnnotationPanel;
class DatasetSession;
class JobRunner;
class PaneGrid;
class ViewState;

class AnnotationMode : public QObject {
    Q_OBJECT
public:
    AnnotationMode(QMainWindow* window, PaneGrid* grid, DatasetSession* session, JobRunner* runner, ViewState* state);
    ~AnnotationMode() override;

    // The Annotate menu (the caller puts it into the menu bar; its actions are added to the window).
    QMenu* menu() const { return menu_; }
    QAction* toggleAction() const { return toggle_; }

    bool isActive() const { return active_; }
    void setActive(bool on);

    AnnotationEditor* editor() const { return editor_; }
    AnnotationOverlay* overlay(int pane) const { return overlays_[std::size_t(pane)]; }
    AnnotationPanel* panel() const { return panel_; }
    QDockWidget* dock() const { return dock_; }

    // Called with every case the window shows (MainWindow::onCaseReady).
    void caseShown(const CasePtr& c);
    // After a dataset was opened: offers to restore journals its scenes hold.
    void datasetOpened();

    // Saves every modified document; false (and a message) when one failed.
    bool saveAll();
    // Asks to save or discard unsaved changes; false when the user cancelled.
    bool confirmClose();
    // Reads the labels of `scene` again from disk, when a document is open on them (unsaved changes
    // are dropped after asking). False when the user kept the changes.
    bool reloadLabels(const QString& scene);

    // How questions are asked (tests replace it): returns the button chosen.
    using Asker = std::function<QMessageBox::StandardButton(const QString& title, const QString& text,
                                                            QMessageBox::StandardButtons buttons)>;
    void setAsker(Asker a) { ask_ = std::move(a); }

    // Milliseconds after the last edit before the case is re-scored.
    static constexpr int kRecomputeDelayMs = 350;
    // The labels revision the case on screen was computed with (-1: from the file).
    long long shownRevision() const { return shownRevision_; }

Q_SIGNALS:
    // A re-scored case to show (MainWindow shows it like a case from the session).
    void caseRecomputed(ll::ui::CasePtr c);
    void statsUpdated();

private:
    void createMenu();
    void openDocumentFor(const CasePtr& c);
    void scheduleRecompute();
    void recompute();
    void refreshStatus();
    void status(const QString& text);
    AnnotationOverlay* activeOverlay() const;

    QMainWindow* window_;
    PaneGrid* grid_;
    DatasetSession* session_;
    JobRunner* runner_;
    ViewState* state_;
    AnnotationEditor* editor_;
    BackdropImages backdrops_;
    std::array<AnnotationOverlay*, 6> overlays_{};
    AnnotationPanel* panel_;
    QDockWidget* dock_;
    QMenu* menu_ = nullptr;
    QAction* toggle_ = nullptr;
    QTimer* debounce_;
    bool active_ = false;
    bool annotationsOverlayWas_ = false;
    bool tabified_ = false;
    int activePane_ = 0;
    CasePtr case_;          // the case on screen
    long long shownRevision_ = -1;
    CancelToken recomputeToken_;
    CancelToken statsToken_;
    Asker ask_;
};

} // namespace ll::ui
