#include "annotate/AnnotationMode.h"

#include "annotate/AnnotationOverlay.h"
#include "annotate/AnnotationPanel.h"
#include "annotate/AreaStatsTable.h"
#include "annotate/ClassPalette.h"
#include "annotate/ClassAreas.h"
#include "annotate/RegionRecompute.h"
#include "app/DatasetSession.h"
#include "jobs/JobRunner.h"
#include "util/Error.h"
#include "view/PaneGrid.h"
#include "view/ViewState.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>

namespace ll::ui {

namespace {

const Scene* findScene(const DatasetSession* session, const QString& name) {
    if (!session->isOpen()) return nullptr;
    for (const auto& s : session->dataset().scenes)
        if (QString::fromStdString(s.name) == name) return &s;
    return nullptr;
}

std::filesystem::path labelsPathOf(const Scene& s) { return s.labels ? *s.labels : s.dir / "labels.json"; }

} // namespace

AnnotationMode::AnnotationMode(QMainWindow* window, PaneGrid* grid, DatasetSession* session, JobRunner* runner,
                               ViewState* state)
    : QObject(window), window_(window), grid_(grid), session_(session), runner_(runner), state_(state),
      editor_(new AnnotationEditor(this)), debounce_(new QTimer(this)) {
    ask_ = [this](const QString& title, const QString& text, QMessageBox::StandardButtons buttons) {
        return QMessageBox::question(window_, title, text, buttons);
    };
    for (int i = 0; i < int(overlays_.size()); ++i) {
        auto* o = new AnnotationOverlay(editor_, grid_->pane(i)->canvas(), state_, &backdrops_);
        o->setObjectName(QString("AnnotationOverlay%1").arg(i));
        overlays_[std::size_t(i)] = o;
        connect(o, &AnnotationOverlay::focused, this, [this, i] {
            activePane_ = i;
            panel_->setBackdrop(overlays_[std::size_t(i)]->backdrop());
        });
        connect(o, &AnnotationOverlay::backdropChanged, this, [this, i](Backdrop b) {
            if (i == activePane_) panel_->setBackdrop(b);
        });
    }
    panel_ = new AnnotationPanel(editor_);
    dock_ = new QDockWidget(tr("Annotation"), window_);
    dock_->setObjectName("AnnotationDock");
    dock_->setWidget(panel_);
    dock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    window_->addDockWidget(Qt::RightDockWidgetArea, dock_);
    dock_->hide();
    connect(panel_, &AnnotationPanel::backdropChosen, this, [this](Backdrop b) { activeOverlay()->setBackdrop(b); });
    connect(panel_, &AnnotationPanel::saveRequested, this, [this] { saveAll(); });
    connect(panel_, &AnnotationPanel::revertRequested, this, [this] {
        AnnotationDocument* d = editor_->document();
        if (!d || !d->isModified()) return;
        if (ask_(tr("Discard changes"), tr("Discard every unsaved change to %1?").arg(QString::fromStdString(d->labelsPath().string())),
                 QMessageBox::Discard | QMessageBox::Cancel) != QMessageBox::Discard)
            return;
        d->revert();
    });

    debounce_->setSingleShot(true);
    debounce_->setInterval(kRecomputeDelayMs);
    connect(debounce_, &QTimer::timeout, this, &AnnotationMode::recompute);
    connect(editor_, &AnnotationEditor::shapesChanged, this, [this] {
        scheduleRecompute();
        refreshStatus();
    });
    connect(editor_, &AnnotationEditor::message, this, &AnnotationMode::status);
    createMenu();
}

AnnotationMode::~AnnotationMode() { recomputeToken_.cancel(); statsToken_.cancel(); }

void AnnotationMode::createMenu() {
    menu_ = new QMenu(tr("&Annotate"), window_);
    auto add = [this](const QString& text, QList<QKeySequence> keys, auto&& fn) {
        auto* a = new QAction(text, this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, fn);
        menu_->addAction(a);
        window_->addAction(a);
        return a;
    };
    toggle_ = add(tr("Annotation mode"), {QKeySequence(Qt::CTRL | Qt::Key_E)}, [this] { setActive(!active_); });
    toggle_->setCheckable(true);
    add(tr("Save labels"), {QKeySequence::Save}, [this] { saveAll(); });
    QAction* undo = editor_->undoGroup()->createUndoAction(this, tr("Undo"));
    undo->setShortcuts(QKeySequence::Undo);
    QAction* redo = editor_->undoGroup()->createRedoAction(this, tr("Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    for (QAction* a : {undo, redo}) {
        a->setShortcutContext(Qt::WindowShortcut);
        menu_->addAction(a);
        window_->addAction(a);
    }
    menu_->addSeparator();
    // Keys the focused pane handles itself (ahead of the window's shortcuts), shown after a tab.
    add(tr("Select and edit\tV"), {}, [this] { editor_->setTool(AnnotateTool::Select); });
    add(tr("Draw polygon\tP"), {}, [this] { editor_->setTool(AnnotateTool::Draw); });
    add(tr("Cut hole in the selected shape\tH"), {}, [this] { editor_->setTool(AnnotateTool::Hole); });
    add(tr("Duplicate selection\tD"), {}, [this] { editor_->duplicateSelection(); });
    add(tr("Delete selection\tDel"), {}, [this] { editor_->deleteSelection(); });
    add(tr("Cycle the pane's backdrop (I_on − I_off, I_on, I_off)\tK"), {}, [this] {
        AnnotationOverlay* o = activeOverlay();
        o->setBackdrop(Backdrop((int(o->backdrop()) + 1) % kBackdropCount));
    });
    add(tr("Add class…"), {}, [this] {
        setActive(true);
        panel_->palette()->addClassDialog();
    });
    menu_->addSeparator();
    add(tr("Discard unsaved changes of this scene…"), {}, [this] { Q_EMIT panel_->revertRequested(); });

    // Before Help when there is one.
    QMenuBar* bar = window_->menuBar();
    QAction* before = nullptr;
    for (QAction* a : bar->actions())
        if (a->text().remove('&') == tr("Help")) before = a;
    if (before) bar->insertMenu(before, menu_);
    else bar->addMenu(menu_);
}

AnnotationOverlay* AnnotationMode::activeOverlay() const { return overlays_[std::size_t(activePane_)]; }

void AnnotationMode::setActive(bool on) {
    if (on == active_) return;
    active_ = on;
    toggle_->setChecked(on);
    OverlayOptions o = state_->overlays();
    if (on) {
        annotationsOverlayWas_ = o.annotations;
        o.annotations = false; // the editor draws the shapes being edited instead
    } else {
        o.annotations = annotationsOverlayWas_;
    }
    state_->setOverlays(o);
    for (auto* ov : overlays_) ov->setActive(on);
    dock_->setVisible(on);
    if (on) {
        // Shares the place of the pixel inspector (a tab) so the palette and areas have room.
        if (auto* pixel = window_->findChild<QDockWidget*>("PixelDock"); pixel && !tabified_) {
            window_->tabifyDockWidget(pixel, dock_);
            tabified_ = true;
        }
        dock_->raise();
        window_->resizeDocks({dock_}, {std::max(420, window_->height() * 3 / 5)}, Qt::Vertical);
        if (case_) openDocumentFor(case_);
        activePane_ = std::clamp(grid_->activePane(), 0, int(overlays_.size()) - 1);
        activeOverlay()->setFocus(Qt::OtherFocusReason);
        status(tr("Annotation mode: P draws, V selects, 1–9 pick the class, Ctrl+S saves, Ctrl+E leaves."));
    } else {
        status(tr("Annotation mode off."));
    }
    refreshStatus();
}

void AnnotationMode::status(const QString& text) {
    if (window_->statusBar()) window_->statusBar()->showMessage(text, 6000);
}

void AnnotationMode::caseShown(const CasePtr& c) {
    if (!c) return;
    // The complete case after its images: the document was opened with the images already.
    const bool completes = case_ && case_->evaluating && case_->id == c->id;
    if (c != case_) shownRevision_ = -1; // a case from the session: scored with the labels file
    case_ = c;
    backdrops_.setCase(c);
    for (auto* o : overlays_) o->update();
    if (completes || (!active_ && editor_->documents().empty())) return;
    openDocumentFor(c);
}

void AnnotationMode::openDocumentFor(const CasePtr& c) {
    const Scene* scene = findScene(session_, c->id.scene);
    if (!scene) return;
    AnnotationDocument* doc = nullptr;
    try {
        doc = editor_->openDocument(labelsPathOf(*scene), scene->name, scene->width, scene->height,
                                    scene->on.filename().string());
    } catch (const std::exception& e) {
        status(QString::fromStdString(e.what()));
        QMessageBox::warning(window_, tr("Cannot open the labels"), QString::fromStdString(e.what()));
        return;
    }
    connect(doc, &AnnotationDocument::modifiedChanged, this, &AnnotationMode::refreshStatus, Qt::UniqueConnection);
    if (doc->pendingJournal()) {
        const auto& j = *doc->pendingJournal();
        const auto answer = ask_(tr("Unsaved annotation edits"),
                                 tr("Scene %1 has %n unsaved edit(s) from %2 that were never saved (the program "
                                    "ended before). Restore them?", "", int(j.entries.size()))
                                     .arg(c->id.scene, QString::fromStdString(j.started)),
                                 QMessageBox::Yes | QMessageBox::Discard);
        try {
            if (answer == QMessageBox::Discard) doc->discardJournal();
            else doc->restoreJournal();
        } catch (const std::exception& e) {
            QMessageBox::warning(window_, tr("Cannot restore the edits"), QString::fromStdString(e.what()));
        }
    }
    const SceneAnnotations& a = doc->scene();
    editor_->setViewScale(a.imageWidth > 0 ? double(c->size.width()) / a.imageWidth : 1.0,
                          a.imageHeight > 0 ? double(c->size.height()) / a.imageHeight : 1.0);
    editor_->setActiveDocument(doc);
    refreshStatus();
    // Areas now; the case is re-scored when its labels were edited since it was computed.
    debounce_->stop();
    recompute();
}

void AnnotationMode::scheduleRecompute() { debounce_->start(); }

void AnnotationMode::recompute() {
    AnnotationDocument* doc = editor_->document();
    if (!doc) return;
    const SceneAnnotations labels = doc->scene();
    const long long rev = doc->revision();
    statsToken_.cancel();
    statsToken_ = CancelToken();
    runner_->run<std::vector<ClassArea>>(
        tr("Annotation areas"), JobPriority::Interactive, statsToken_,
        [labels](const CancelToken&) { return classAreas(labels); }, this,
        [this](std::vector<ClassArea> areas) {
            panel_->stats()->setAreas(areas);
            Q_EMIT statsUpdated();
        },
        [this](QString e) { status(e); });
    if (!case_ || QString::fromStdString(doc->sceneName()) != case_->id.scene) return;
    if (rev == 0 && shownRevision_ < 0) return; // the case already shows the file's labels
    if (rev == shownRevision_) return;
    recomputeToken_.cancel();
    recomputeToken_ = CancelToken();
    const CasePtr base = case_;
    const MetricParams params = session_->params();
    runner_->run<CasePtr>(
        tr("Re-scoring with the edited labels"), JobPriority::Interactive, recomputeToken_,
        [base, labels, params](const CancelToken& t) { return recomputeCaseWithLabels(*base, labels, params, t); }, this,
        [this, rev](CasePtr c) {
            if (!case_ || !(c->id == case_->id)) return;
            case_ = c;
            shownRevision_ = rev;
            Q_EMIT caseRecomputed(c);
        },
        [this](QString e) { status(e); });
}

void AnnotationMode::refreshStatus() {
    AnnotationDocument* d = editor_->document();
    if (!d) {
        panel_->setStatus(tr("No scene"), QString());
        return;
    }
    const QString file = QString::fromStdString(d->labelsPath().string());
    QString state;
    if (d->unreadableProblem())
        state = tr("<b>Labels file unreadable, its labels are ignored</b>: %1<br>Draw the labels again; saving "
                   "keeps the unreadable file as %2.unreadable")
                    .arg(QString::fromStdString(*d->unreadableProblem()).toHtmlEscaped(), QFileInfo(file).fileName()) +
                (d->isModified() ? tr("<br><b>Unsaved changes</b>") : QString());
    else if (d->isModified())
        state = tr("<b>Unsaved changes</b> (journalled to %1.journal)").arg(QFileInfo(file).fileName());
    else if (!d->fileExisted())
        state = tr("New labels file (%n shape(s))", "", int(d->shapes().size()));
    else
        state = tr("Saved · %1 · %n shape(s)", "", int(d->shapes().size()))
                    .arg(d->scene().format == AnnotationFormat::Coco ? "COCO" : "LabelMe");
    panel_->setStatus(file, state);
    const int modified = int(editor_->modifiedDocuments().size());
    (void)modified;
}

bool AnnotationMode::saveAll() {
    for (AnnotationDocument* d : editor_->modifiedDocuments()) {
        try {
            const bool unreadable = d->unreadableProblem().has_value();
            d->save();
            session_->labelsChanged(QString::fromStdString(d->sceneName())); // browser scores: new labels
            if (unreadable)
                status(tr("Saved %1; the unreadable file was kept as %2")
                           .arg(QString::fromStdString(d->labelsPath().string()),
                                QString::fromStdString(d->unreadableBackup().string())));
            else
                status(tr("Saved %1").arg(QString::fromStdString(d->labelsPath().string())));
        } catch (const std::exception& e) {
            QMessageBox::warning(window_, tr("Cannot save the labels"),
                                 tr("%1\n\nThe edits are kept in the journal.").arg(QString::fromStdString(e.what())));
            return false;
        }
    }
    refreshStatus();
    return true;
}

bool AnnotationMode::reloadLabels(const QString& scene) {
    for (AnnotationDocument* d : editor_->documents()) {
        if (QString::fromStdString(d->sceneName()) != scene) continue;
        if (d->isModified() &&
            ask_(tr("Reload the labels"),
                 tr("Scene %1 has unsaved annotation edits. Drop them and read the labels file again?").arg(scene),
                 QMessageBox::Discard | QMessageBox::Cancel) != QMessageBox::Discard)
            return false;
        d->revert();
        shownRevision_ = -1;
    }
    refreshStatus();
    return true;
}

bool AnnotationMode::confirmClose() {
    const auto modified = editor_->modifiedDocuments();
    if (modified.empty()) return true;
    QStringList scenes;
    for (auto* d : modified) scenes << QString::fromStdString(d->sceneName());
    const auto answer = ask_(tr("Unsaved annotations"),
                             tr("The labels of %1 have unsaved changes. Save them?").arg(scenes.join(", ")),
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Save) return saveAll();
    if (answer == QMessageBox::Discard) {
        for (auto* d : modified) d->revert();
        return true;
    }
    return false;
}

void AnnotationMode::datasetOpened() {
    // Documents of the dataset shown before: save or discard, or leave in their journals.
    if (!editor_->modifiedDocuments().empty()) {
        const auto answer = ask_(tr("Unsaved annotations"),
                                 tr("Save the unsaved annotation changes of the previous dataset? (No keeps them in "
                                    "their journals, to restore when that dataset is opened again.)"),
                                 QMessageBox::Save | QMessageBox::No);
        if (answer == QMessageBox::Save) saveAll();
    }
    recomputeToken_.cancel();
    debounce_->stop();
    editor_->closeDocuments();
    case_.reset();
    shownRevision_ = -1;
    backdrops_.setCase({});
    if (!session_->isOpen()) return;
    std::vector<const Scene*> withJournal;
    for (const auto& s : session_->dataset().scenes)
        if (EditJournal(labelsPathOf(s)).exists()) withJournal.push_back(&s);
    if (withJournal.empty()) return;
    QStringList names;
    for (const Scene* s : withJournal) names << QString::fromStdString(s->name);
    const auto answer = ask_(tr("Restore unsaved annotations"),
                             tr("Annotation edits of %n scene(s) were never saved (%1). Restore them now?", "",
                                int(withJournal.size()))
                                 .arg(names.join(", ")),
                             QMessageBox::Yes | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return; // asked again when a scene is opened in annotation mode
    for (const Scene* s : withJournal) {
        try {
            AnnotationDocument* d = editor_->openDocument(labelsPathOf(*s), s->name, s->width, s->height, s->on.filename().string());
            connect(d, &AnnotationDocument::modifiedChanged, this, &AnnotationMode::refreshStatus, Qt::UniqueConnection);
            if (answer == QMessageBox::Discard) d->discardJournal();
            else d->restoreJournal();
        } catch (const std::exception& e) {
            QMessageBox::warning(window_, tr("Cannot restore the edits"), QString::fromStdString(e.what()));
        }
    }
    if (answer == QMessageBox::Yes) setActive(true);
    refreshStatus();
}

} // namespace ll::ui
