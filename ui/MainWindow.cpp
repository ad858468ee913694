#include "MainWindow.h"

#include "compose/FigureComposer.h"
#include "capture/CaptureDialog.h"
#include "annotate/AnnotationMode.h"
#include "app/DialogFolders.h"
#include "app/KeysDialog.h"
#include "app/RecentDatasets.h"
#include "browser/DatasetBrowser.h"
#include "dataset/DatasetLocate.h"
#include "edit/EditScoreWindow.h"
#include "panels/DisplayToolBar.h"
#include "panels/MetricParamsDialog.h"
#include "panels/PixelInspector.h"
#include "panels/ScorePanel.h"
#include "study/StudyLauncher.h"
#include "synth/SynthDataset.h"
#include "validate/ValidationWindow.h"
#include "view/TileCache.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScrollArea>
#include <QStandardPaths>
#include <QStatusBar>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace ll::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle("LightLens");
    setAcceptDrops(true);
    runner_ = new JobRunner(this);
    session_ = new DatasetSession(runner_, this);
    state_ = new ViewState(this);
    tiles_ = std::make_unique<TileCache>();
    grid_ = new PaneGrid(state_, tiles_.get(), this);
    setCentralWidget(grid_);
    toolbar_ = new DisplayToolBar(state_, grid_, this);
    addToolBar(Qt::TopToolBarArea, toolbar_);
    createDocks();
    createActions();
    annotate_ = new AnnotationMode(this, grid_, session_, runner_, state_);
    connect(annotate_, &AnnotationMode::caseRecomputed, this, &MainWindow::onCaseReady);
    connect(this, &MainWindow::datasetOpened, annotate_, &AnnotationMode::datasetOpened);

    jobBar_ = new QProgressBar(this);
    jobBar_->setRange(0, 0);
    jobBar_->setFixedWidth(110);
    jobBar_->setMaximumHeight(14);
    jobBar_->setTextVisible(false);
    jobBar_->hide();
    jobLabel_ = new QLabel(this);
    pixelLabel_ = new QLabel(this);
    statusBar()->addPermanentWidget(pixelLabel_);
    statusBar()->addPermanentWidget(jobLabel_);
    statusBar()->addPermanentWidget(jobBar_);
    statusBar()->showMessage(tr("Open a dataset folder (Ctrl+O), drop one here, or open the demo (Ctrl+D)."));

    connect(runner_, &JobRunner::activityChanged, this, &MainWindow::onJobs);
    connect(session_, &DatasetSession::caseReady, this, &MainWindow::onCaseReady);
    connect(session_, &DatasetSession::caseProgress, this, &MainWindow::onCaseProgress);
    connect(session_, &DatasetSession::caseFailed, this, [this](const CaseId& id, const QString& error) {
        if (!(id == session_->current())) return;
        case_.reset();
        grid_->setCase({}, nullptr, {}, tr("Cannot show this case:\n%1").arg(error));
        scores_->clear(error);
        statusBar()->showMessage(error);
    });
    connect(session_, &DatasetSession::baselineReady, this, [this](const QString& scene, Task task) {
        const CaseId& cur = session_->current();
        if (cur.scene == scene && cur.task == task) scores_->setBaseline(session_->baseline(scene, task));
    });
    connect(session_, &DatasetSession::paramsChanged, this, [this] {
        browser_->setDataset(session_->dataset()); // every score is pending again
        if (session_->current().valid()) browser_->selectCase(session_->current());
    });
    connect(session_, &DatasetSession::scoreReady, browser_, &DatasetBrowser::setScores);
    connect(session_, &DatasetSession::scoreFailed, browser_, &DatasetBrowser::setFailed);
    connect(session_, &DatasetSession::sceneScoresInvalidated, browser_, &DatasetBrowser::setScenePending);
    connect(browser_, &DatasetBrowser::caseActivated, this, &MainWindow::showCase);
    connect(state_, &ViewState::hoverChanged, this, [this](QPoint p) {
        inspector_->setPixel(p);
        pixelLabel_->setText(p.x() < 0 ? QString() : QString("x %1  y %2").arg(p.x()).arg(p.y()));
    });
    connect(grid_, &PaneGrid::gridLayoutChanged, this, [this](GridLayout g) {
        if (g != GridLayout::Single) lastMultiLayout_ = g;
    });
    resize(1600, 1000);
}

MainWindow::~MainWindow() {
    // Stop the workers before the objects their results would be delivered to go away.
    delete runner_;
    runner_ = nullptr;
}

void MainWindow::createDocks() {
    browser_ = new DatasetBrowser(this);
    auto* left = new QDockWidget(tr("Dataset"), this);
    left->setObjectName("DatasetDock");
    left->setWidget(browser_);
    left->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, left);

    scores_ = new ScorePanel(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(scores_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* right = new QDockWidget(tr("Scores"), this);
    right->setObjectName("ScoresDock");
    right->setWidget(scroll);
    right->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, right);

    inspector_ = new PixelInspector(this);
    auto* pix = new QDockWidget(tr("Pixel"), this);
    pix->setObjectName("PixelDock");
    pix->setWidget(inspector_);
    pix->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, pix);
    resizeDocks({left, right}, {380, 360}, Qt::Horizontal);
    resizeDocks({right, pix}, {560, 380}, Qt::Vertical);
}

void MainWindow::createActions() {
    auto act = [this](QMenu* menu, const QString& text, QList<QKeySequence> keys, auto&& fn) {
        auto* a = new QAction(text, this);
        a->setShortcuts(keys);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, fn);
        menu->addAction(a);
        addAction(a);
        return a;
    };
    QMenu* file = menuBar()->addMenu(tr("&File"));
    act(file, tr("&Open dataset…"), {QKeySequence::Open}, [this] {
        QStringList fallbacks;
        if (const QString recent = recentDatasets().value(0); !recent.isEmpty()) fallbacks << QFileInfo(recent).absolutePath();
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open dataset folder"),
                                                              dialogFolder(QStringLiteral("dataset"), fallbacks));
        if (dir.isEmpty()) return;
        rememberDialogFolder(QStringLiteral("dataset"), QFileInfo(dir).absolutePath());
        openDataset(dir);
    });
    act(file, tr("Open the &demo dataset"), {QKeySequence(Qt::CTRL | Qt::Key_D)}, [this] { openDemo(); });
    act(file, tr("New scene from &brackets…"), {}, [this] { openCaptureDialog(); });
    recentMenu_ = file->addMenu(tr("Open &recent"));
    rebuildRecentMenu();
    file->addSeparator();
    act(file, tr("Compose &figure…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F)}, [this] { openFigureComposer(); });
    file->addSeparator();
    act(file, tr("&Quit"), {QKeySequence::Quit}, [this] { close(); });

    QMenu* nav = menuBar()->addMenu(tr("&Navigate"));
    for (int i = 0; i < 9; ++i)
        act(nav, tr("Model %1").arg(i + 1), {QKeySequence(Qt::Key_1 + i)}, [this, i] { stepModel(i); });
    act(nav, tr("Previous scene"), {QKeySequence(Qt::Key_Up), QKeySequence(Qt::Key_PageUp)}, [this] { stepScene(-1); });
    act(nav, tr("Next scene"), {QKeySequence(Qt::Key_Down), QKeySequence(Qt::Key_PageDown)}, [this] { stepScene(1); });
    act(nav, tr("Other task (turn on / turn off)"), {QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_Right)},
        [this] { toggleTask(); });
    act(nav, tr("Previous content in the pane under the mouse"), {QKeySequence(Qt::CTRL | Qt::Key_Left), QKeySequence(Qt::Key_BracketLeft)},
        [this] { grid_->cyclePaneContent(grid_->activePane(), -1); });
    act(nav, tr("Next content in the pane under the mouse"), {QKeySequence(Qt::CTRL | Qt::Key_Right), QKeySequence(Qt::Key_BracketRight)},
        [this] { grid_->cyclePaneContent(grid_->activePane(), 1); });

    act(nav, tr("Reload the scene from disk (images, edits, labels)"), {QKeySequence(Qt::Key_F5), QKeySequence(Qt::CTRL | Qt::Key_R)},
        [this] { reloadCurrentScene(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    act(view, tr("Exposure +0.5 EV"), {QKeySequence(Qt::Key_E)}, [this] { setExposureDelta(0.5); });
    act(view, tr("Exposure −0.5 EV"), {QKeySequence(Qt::SHIFT | Qt::Key_E)}, [this] { setExposureDelta(-0.5); });
    act(view, tr("Reset exposure and tonemap"), {QKeySequence(Qt::Key_R)}, [this] {
        DisplaySettings d = state_->display();
        d.exposureEv = 0;
        d.tonemap = Tonemap::Srgb;
        state_->setDisplay(d);
    });
    act(view, tr("Cycle tonemap (sRGB, gamma, false colour)"), {QKeySequence(Qt::Key_T)}, [this] {
        DisplaySettings d = state_->display();
        d.tonemap = Tonemap((int(d.tonemap) + 1) % 3);
        state_->setDisplay(d);
    });
    act(view, tr("Fit to pane"), {QKeySequence(Qt::Key_F)}, [this] { grid_->fit(); });
    act(view, tr("Actual pixels (1:1)"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, [this] { grid_->oneToOne(); });
    act(view, tr("Zoom in"), {QKeySequence(Qt::Key_Plus), QKeySequence(Qt::Key_Equal)}, [this] { grid_->zoomBy(2.0); });
    act(view, tr("Zoom out"), {QKeySequence(Qt::Key_Minus)}, [this] { grid_->zoomBy(0.5); });
    view->addSeparator();
    act(view, tr("Toggle single pane / grid"), {QKeySequence(Qt::Key_G)}, [this] {
        grid_->setGridLayout(grid_->gridLayout() == GridLayout::Single ? lastMultiLayout_ : GridLayout::Single);
    });
    act(view, tr("Cycle grid layout (1×1, 1×2, 2×2, 2×3)"), {QKeySequence(Qt::Key_L)}, [this] {
        grid_->setGridLayout(GridLayout((int(grid_->gridLayout()) + 1) % 4));
    });
    act(view, tr("Toggle pixel grid and values"), {QKeySequence(Qt::SHIFT | Qt::Key_G)}, [this] {
        OverlayOptions o = state_->overlays();
        o.pixelGrid = !o.pixelGrid;
        state_->setOverlays(o);
    });
    view->addSeparator();
    auto overlayToggle = [this](bool OverlayOptions::*member) {
        return [this, member] {
            OverlayOptions o = state_->overlays();
            o.*member = !(o.*member);
            state_->setOverlays(o);
        };
    };
    act(view, tr("Annotation polygons"), {QKeySequence(Qt::Key_A)}, overlayToggle(&OverlayOptions::annotations));
    act(view, tr("Tint pixels outside Ω"), {QKeySequence(Qt::Key_O)}, overlayToggle(&OverlayOptions::omega));
    act(view, tr("Band contours"), {QKeySequence(Qt::Key_B)}, overlayToggle(&OverlayOptions::bandContours));
    view->addSeparator();
    act(view, tr("A/B flicker (pane A shows pane B)"), {QKeySequence(Qt::Key_Space)}, [this] {
        CompareOptions c = state_->compare();
        c.flicker = !c.flicker;
        state_->setCompare(c);
    });
    act(view, tr("Wipe between panes A and B"), {QKeySequence(Qt::Key_W)}, [this] {
        CompareOptions c = state_->compare();
        c.wipe = !c.wipe;
        state_->setCompare(c);
    });

    QMenu* metrics = menuBar()->addMenu(tr("&Metrics"));
    act(metrics, tr("&Parameters…"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)}, [this] {
        MetricParamsDialog dialog(session_->params(), this);
        if (dialog.exec() == QDialog::Accepted) session_->setParams(dialog.params());
    });
    act(metrics, tr("Spec &defaults"), {}, [this] {
        MetricParams d;
        d.computeUncertainty = session_->params().computeUncertainty;
        session_->setParams(d);
    });

    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    act(tools, tr("&Edit scores: open material task…"), {}, [this] { openEditScores(); });
    act(tools, tr("&Validate metric against judgements…"), {}, [this] { openValidation(); });
    act(tools, tr("Run A/B &study…"), {}, [this] { startStudy(this); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    act(help, tr("Keys…"), {QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question)}, [this] {
        KeysDialog(actions(), this).exec();
    });
    act(help, tr("About LightLens"), {}, [this] {
        QMessageBox::about(this, tr("About LightLens"),
                           tr("<b>LightLens %1</b><br>Inspect how well image-editing models handle light: "
                              "SIE and LFE scores and their per-pixel maps.")
                               .arg(QApplication::applicationVersion()));
    });
}

EditScoreWindow* MainWindow::openEditScores(const QString& materialDataset) {
    auto* w = findChild<EditScoreWindow*>();
    const bool fresh = !w;
    if (fresh) w = new EditScoreWindow(runner_, this);
    w->show();
    w->raise();
    w->activateWindow();
    QString dir = materialDataset;
    if (dir.isEmpty() && fresh) {
        dir = QFileDialog::getExistingDirectory(w, tr("Open material dataset folder"),
                                                dialogFolder(QStringLiteral("material-dataset")));
        if (!dir.isEmpty()) rememberDialogFolder(QStringLiteral("material-dataset"), QFileInfo(dir).absolutePath());
    }
    if (!dir.isEmpty()) w->openDataset(dir);
    return w;
}

ValidationWindow* MainWindow::openValidation() {
    auto* w = findChild<ValidationWindow*>();
    if (!w) w = new ValidationWindow(runner_, this);
    w->show();
    w->raise();
    w->activateWindow();
    return w;
}

CaptureDialog* MainWindow::openCaptureDialog() {
    auto* d = findChild<CaptureDialog*>();
    if (!d) {
        d = new CaptureDialog(runner_, this);
        if (session_->isOpen()) d->setDataset(QString::fromStdString(session_->dataset().root.string()));
        connect(d, &CaptureDialog::captured, this, [this](const QString& dataset, const QString& scene) {
            if (!openDataset(dataset)) return;
            const Dataset& ds = session_->dataset();
            auto it = std::find_if(ds.models.begin(), ds.models.end(), [](const std::string& m) { return m != "do_nothing"; });
            const QString model = it != ds.models.end() ? QString::fromStdString(*it) : QString();
            showCase(CaseId{scene, model, Task::On});
        });
    }
    d->show();
    d->raise();
    d->activateWindow();
    return d;
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = recentDatasets();
    for (const QString& p : recent) recentMenu_->addAction(p, this, [this, p] { openDataset(p); });
    recentMenu_->setEnabled(!recent.isEmpty());
}

bool MainWindow::openDataset(const QString& path) {
    try {
        session_->open(path.toStdString());
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Cannot open dataset"), QString::fromStdString(e.what()));
        statusBar()->showMessage(QString::fromStdString(e.what()));
        return false;
    }
    addRecentDataset(path);
    rebuildRecentMenu();
    const Dataset& d = session_->dataset();
    setWindowTitle(QString("LightLens — %1").arg(QString::fromStdString(d.name)));
    browser_->setDataset(d);
    case_.reset();
    statusBar()->showMessage(tr("%1: %2 scenes, %3 models, %4 problems")
                                 .arg(QString::fromStdString(d.name))
                                 .arg(d.scenes.size())
                                 .arg(d.models.size())
                                 .arg(d.problems.size()));
    Q_EMIT datasetOpened(path);
    // Show the first scene with the first model that is not the do-nothing baseline.
    if (!d.scenes.empty() && !d.models.empty()) {
        auto it = std::find_if(d.models.begin(), d.models.end(), [](const std::string& m) { return m != "do_nothing"; });
        const std::string& model = it != d.models.end() ? *it : d.models.front();
        showCase(CaseId{QString::fromStdString(d.scenes.front().name), QString::fromStdString(model), Task::On});
    }
    return true;
}

FigureComposer* MainWindow::openFigureComposer() {
    if (composer_) {
        composer_->show();
        composer_->raise();
        composer_->activateWindow();
        return composer_;
    }
    ComposerContext ctx;
    if (session_->isOpen()) {
        const Dataset& d = session_->dataset();
        ctx.dataset = d.root;
        for (const Scene& s : d.scenes) ctx.scenes << QString::fromStdString(s.name);
        for (const std::string& m : d.models) ctx.models << QString::fromStdString(m);
    }
    const CaseId id = session_->current();
    ctx.scene = id.scene;
    ctx.model = id.model;
    ctx.task = id.task;
    ctx.viewRect = [this]() -> std::optional<QRectF> {
        if (!case_ || case_->size.isEmpty()) return std::nullopt;
        const QSizeF widget = grid_->pane(grid_->activePane())->canvas()->size();
        const QRectF r = state_->transform().visibleImageRect(widget);
        const QSizeF img = case_->size;
        return QRectF(r.x() / img.width(), r.y() / img.height(), r.width() / img.width(), r.height() / img.height());
    };
    composer_ = new FigureComposer(runner_, std::move(ctx), this);
    composer_->setAttribute(Qt::WA_DeleteOnClose);
    composer_->show();
    return composer_;
}

void MainWindow::openDemo(const QString& dirArg) {
    const QString dir = dirArg.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + "/demo" : dirArg;
    if (QFileInfo::exists(dir + "/dataset.json")) {
        openDataset(dir);
        return;
    }
    statusBar()->showMessage(tr("Writing the demo dataset to %1…").arg(dir));
    runner_->run<bool>(
        tr("Writing the demo dataset"), JobPriority::Interactive, CancelToken(),
        [dir](const CancelToken&) {
            SynthDatasetParams p;
            p.scenes = 6;
            p.render.width = 960;
            p.render.height = 640;
            p.name = "LightLens demo";
            writeSynthDataset(dir.toStdString(), p);
            return true;
        },
        this, [this, dir](bool) { openDataset(dir); },
        [this](QString error) {
            QMessageBox::warning(this, tr("Cannot write the demo dataset"), error);
        });
}

void MainWindow::showCase(const CaseId& id) {
    if (!session_->isOpen()) return;
    browser_->selectCase(id);
    if (!case_ || !(case_->id == id)) {
        const QString wait = tr("Computing %1…").arg(id.label());
        if (!session_->cached(id)) {
            // Keep showing the previous images until the new case arrives, but say what is coming.
            statusBar()->showMessage(wait);
            if (!case_) grid_->setCase({}, nullptr, {}, wait);
        }
    }
    scores_->setBaseline(session_->baseline(id.scene, id.task));
    session_->request(id);
}

void MainWindow::onCaseReady(CasePtr c) {
    case_ = c;
    // A case may arrive with its images only: the map panes then say what is being computed.
    const QString placeholder = !c->hasEdit   ? tr("Missing edit\n%1").arg(c->editProblem)
                                : c->evaluating ? tr("Computing the metrics…")
                                                : QString();
    grid_->setCase([c](PaneContent p) { return c->source(p); }, c->overlays, c->size, placeholder);
    if (c->evaluating) grid_->setPlaceholder(placeholder, 0.0);
    scores_->setCase(c);
    scores_->setBaseline(session_->baseline(c->id.scene, c->id.task));
    inspector_->setCase(c);
    annotate_->caseShown(c);
    QStringList classes;
    if (c->overlays)
        for (const auto& s : c->overlays->annotations)
            if (!classes.contains(s.className)) classes << s.className;
    toolbar_->setAnnotationClasses(classes);
    if (c->evaluating) {
        statusBar()->showMessage(tr("%1: images loaded, computing the metrics…").arg(c->id.label()));
        return;
    }
    statusBar()->showMessage(c->id.label(), 4000);
    Q_EMIT caseShown(c->id);
}

void MainWindow::onCaseProgress(const CaseId& id, int done, int total, const QString& what) {
    if (!case_ || !(case_->id == id) || !case_->evaluating || total <= 0) return;
    grid_->setPlaceholder(tr("Computing the metrics…\n%1").arg(what), double(done) / total);
}

void MainWindow::onJobs(int active, const QString& summary) {
    jobBar_->setVisible(active > 0);
    jobLabel_->setText(active > 0 ? tr("%n job(s)", "", active) : QString());
    jobLabel_->setToolTip(summary);
}

void MainWindow::stepModel(int index) {
    if (!session_->isOpen()) return;
    const auto& models = session_->dataset().models;
    if (index >= int(models.size())) return;
    CaseId id = session_->current();
    id.model = QString::fromStdString(models[std::size_t(index)]);
    showCase(id);
}

void MainWindow::reloadCurrentScene() {
    if (!session_->isOpen() || !session_->current().valid()) return;
    const QString scene = session_->current().scene;
    if (!annotate_->reloadLabels(scene)) return;
    session_->reloadScene(scene);
    statusBar()->showMessage(tr("Reloaded scene %1 from disk").arg(scene), 4000);
}

void MainWindow::stepScene(int delta) {
    if (!session_->isOpen() || session_->dataset().scenes.empty()) return;
    const auto& scenes = session_->dataset().scenes;
    CaseId id = session_->current();
    int i = 0;
    for (int k = 0; k < int(scenes.size()); ++k)
        if (QString::fromStdString(scenes[std::size_t(k)].name) == id.scene) i = k;
    i = std::clamp(i + delta, 0, int(scenes.size()) - 1);
    id.scene = QString::fromStdString(scenes[std::size_t(i)].name);
    showCase(id);
}

void MainWindow::toggleTask() {
    if (!session_->isOpen()) return;
    CaseId id = session_->current();
    id.task = id.task == Task::On ? Task::Off : Task::On;
    showCase(id);
}

void MainWindow::setExposureDelta(double ev) { state_->setExposure(state_->display().exposureEv + ev); }

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
    if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
    for (const QUrl& u : e->mimeData()->urls())
        if (openPath(u.toLocalFile())) break;
}

bool MainWindow::openPath(const QString& path) {
    const std::optional<DatasetLocation> loc = locateInDataset(path.toStdString());
    if (!loc) {
        const QString message = tr("%1: not inside a dataset (no folder at or above it has a scenes/ folder)").arg(path);
        statusBar()->showMessage(message);
        return false;
    }
    const QString root = QString::fromStdString(loc->root.string());
    std::error_code ec;
    const bool same = session_->isOpen() && std::filesystem::equivalent(session_->dataset().root, loc->root, ec);
    if (!same && !openDataset(root)) return false;
    if (loc->scene.empty()) return true;
    // The scene (and the model and task) the file belongs to; a file of the scene folder keeps the
    // model and task on screen.
    const Dataset& d = session_->dataset();
    const QString scene = QString::fromStdString(loc->scene);
    QString model = loc->model.empty() ? (case_ ? case_->id.model : QString()) : QString::fromStdString(loc->model);
    if (model.isEmpty() || std::find(d.models.begin(), d.models.end(), model.toStdString()) == d.models.end()) {
        const auto it = std::find_if(d.models.begin(), d.models.end(), [](const std::string& m) { return m != "do_nothing"; });
        if (it == d.models.end()) return true;
        model = QString::fromStdString(*it);
    }
    const Task task = loc->task ? *loc->task : (case_ ? case_->id.task : Task::On);
    const bool known = std::any_of(d.scenes.begin(), d.scenes.end(), [&](const Scene& s) { return s.name == loc->scene; });
    if (!known) {
        statusBar()->showMessage(tr("%1: scene '%2' is not usable (see the dataset's problems)").arg(path, scene));
        return true;
    }
    showCase(CaseId{scene, model, task});
    return true;
}

void MainWindow::closeEvent(QCloseEvent* e) {
    if (!annotate_->confirmClose()) {
        e->ignore();
        return;
    }
    runner_->cancelAll();
    e->accept();
}

} // namespace ll::ui
