// The annotation mode inside the Inspector window: Ctrl+E, drawing on a pane of a synthetic
// dataset's scene, the case re-scored with the edited labels (checked against the core evaluating
// the saved file), the area statistics, Ctrl+S / Ctrl+Z, and closing with unsaved changes (cancel
// keeps the window, discard removes the journal). With LIGHTLENS_ANNOTATION_SCREENSHOT=FILE it
// also writes the editor's screenshot on the demo dataset.
#include "MainWindow.h"
#include "browser/DatasetBrowser.h"
#include "annotate/AnnotationMode.h"
#include "annotate/AnnotationOverlay.h"
#include "annotate/AnnotationPanel.h"
#include "annotate/AreaStatsTable.h"
#include "annotate/EditJournal.h"
#include "app/KeysDialog.h"
#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "metrics/LoadCase.h"
#include "panels/ScorePanel.h"
#include "support/SmallSynthDataset.h"
#include "support/TestSupport.h"
#include "view/ViewState.h"

#include <QtTest>

#include <QApplication>
#include <QDockWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

using namespace ll;
using namespace ll::ui;

namespace {

void mouse(QWidget* w, QEvent::Type t, QPointF p, Qt::MouseButton b, Qt::MouseButtons held) {
    QMouseEvent e(t, p, w->mapToGlobal(p), b, held, {});
    QApplication::sendEvent(w, &e);
}

void clickAt(AnnotationOverlay* o, double x, double y) {
    const QPointF p = o->toScreen({x, y});
    mouse(o, QEvent::MouseMove, p, Qt::NoButton, Qt::NoButton);
    mouse(o, QEvent::MouseButtonPress, p, Qt::LeftButton, Qt::LeftButton);
    mouse(o, QEvent::MouseButtonRelease, p, Qt::LeftButton, Qt::NoButton);
}

void drawPolygon(AnnotationOverlay* o, std::initializer_list<std::pair<double, double>> pts) {
    for (auto [x, y] : pts) clickAt(o, x, y);
    QTest::keyClick(o, Qt::Key_Return);
}

bool tableHas(QWidget* panel, const QString& text) {
    for (auto* t : panel->findChildren<QTableWidget*>())
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->item(r, 0) && t->item(r, 0)->text() == text) return true;
    return false;
}

} // namespace

class TestAnnotationMode : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dataset_ = test::writeSmallSynthDataset(dir_.path(), 2, 320, 208);
    }

    void editsRescoreTheCaseAndAskBeforeClosing() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDataset(dataset_));
        const CaseId id{"scene_001", "flat_falloff", Task::On};
        w.showCase(id);
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == id, 60000);
        w.grid()->setGridLayout(GridLayout::Single);

        AnnotationMode* mode = w.annotation();
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        QStringList asked;
        mode->setAsker([&](const QString& title, const QString&, QMessageBox::StandardButtons) {
            asked << title;
            return answer;
        });
        QVERIFY(!mode->isActive());
        // The keys dialog lists the editor's keys (shortcuts and keys the pane handles itself).
        {
            KeysDialog keys(w.actions(), &w);
            bool ctrlE = false, p = false;
            for (auto* t : keys.findChildren<QTableWidget*>())
                for (int r = 0; r < t->rowCount(); ++r) {
                    const QString k = t->item(r, 0)->text(), what = t->item(r, 1)->text();
                    ctrlE = ctrlE || (k == QKeySequence(Qt::CTRL | Qt::Key_E).toString(QKeySequence::NativeText) && what == "Annotation mode");
                    p = p || (k == "P" && what == "Draw polygon");
                }
            QVERIFY(ctrlE);
            QVERIFY(p);
        }
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QVERIFY(mode->isActive());
        QVERIFY(mode->dock()->isVisible());
        AnnotationDocument* doc = mode->editor()->document();
        QVERIFY(doc);
        const auto labels = std::filesystem::path(dataset_.toStdString()) / "scenes" / "scene_001" / "labels.json";
        QCOMPARE(doc->labelsPath(), labels);
        const std::size_t fileShapes = doc->shapes().size();
        QVERIFY(fileShapes > 0);
        QCOMPARE(doc->scene().format, AnnotationFormat::Coco);

        // A new class, drawn as a big square on the pane.
        mode->editor()->addClass("test region");
        QCOMPARE(mode->editor()->activeClass(), QString("test_region"));
        AnnotationOverlay* o = mode->overlay(0);
        QTRY_VERIFY(o->isVisible() && o->width() > 100);
        QTest::keyClick(o, Qt::Key_P);
        drawPolygon(o, {{40, 40}, {200, 40}, {200, 160}, {40, 160}});
        QCOMPARE(doc->shapes().size(), fileShapes + 1);
        QVERIFY(std::filesystem::exists(EditJournal::journalPathFor(labels)));

        // The case is re-scored with the edited labels: the class appears in the scores.
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase()->result && w.currentCase()->result->scores.regions.count("test_region"), 30000);
        QCOMPARE(mode->shownRevision(), doc->revision());
        QTRY_VERIFY(tableHas(w.scorePanel(), "test_region"));
        QTRY_VERIFY_WITH_TIMEOUT(mode->panel()->stats()->pixelsShown("test_region") > 0, 10000);

        // Ctrl+S saves in the file's format and removes the journal.
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!doc->isModified());
        QVERIFY(!std::filesystem::exists(EditJournal::journalPathFor(labels)));
        const SceneAnnotations saved = loadAnnotations(labels);
        QCOMPARE(saved.format, AnnotationFormat::Coco);
        QCOMPARE(saved.shapes.size(), fileShapes + 1);

        // The GUI's region score equals the core's on the saved file; the areas equal the raster.
        CaseFiles files{labels.parent_path() / "on.exr", labels.parent_path() / "off.exr",
                        (dataset_ + "/edits/flat_falloff/turn_on/scene_001.png").toStdString(), labels};
        CaseOptions opt;
        opt.k = w.currentCase()->loaded().k;
        const LoadedCase lc = loadCase(files, opt, ColourConfig::builtin());
        const EvalScores ref = evaluate(lc.inputs(Task::On), {}, false).scores;
        const RegionScore& mine = w.currentCase()->result->scores.regions.at("test_region");
        const RegionScore& core = ref.regions.at("test_region");
        QCOMPARE(mine.pixels, core.pixels);
        QCOMPARE(mine.sie.has_value(), core.sie.has_value());
        if (core.sie) QCOMPARE(*mine.sie, *core.sie);
        if (core.lfe) QCOMPARE(*mine.lfe, *core.lfe);
        QCOMPARE(*w.currentCase()->result->scores.sie, *ref.sie);
        const auto masks = rasteriseByClass(saved, saved.imageWidth, saved.imageHeight);
        QCOMPARE(mode->panel()->stats()->pixelsShown("test_region"), (long long)countSet(masks.at("test_region")));

        // Ctrl+Z undoes the polygon; the scores follow.
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->shapes().size(), fileShapes);
        QVERIFY(doc->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(!w.currentCase()->result->scores.regions.count("test_region"), 30000);

        // Closing asks; Cancel keeps the window and the journal.
        answer = QMessageBox::Cancel;
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());
        QCOMPARE(asked.size(), 1);
        QVERIFY(std::filesystem::exists(EditJournal::journalPathFor(labels)));
        // Discard: closes, the journal goes, the file stays as saved.
        answer = QMessageBox::Discard;
        QVERIFY(w.close());
        QVERIFY(!std::filesystem::exists(EditJournal::journalPathFor(labels)));
        QCOMPARE(loadAnnotations(labels).shapes.size(), fileShapes + 1);
    }

    void offersToRestoreJournalsWhenTheDatasetOpens() {
        const auto labels = std::filesystem::path(dataset_.toStdString()) / "scenes" / "scene_000" / "labels.json";
        std::size_t fileShapes = 0;
        {
            MainWindow w;
            w.resize(1200, 800);
            w.show();
            QVERIFY(w.openDataset(dataset_));
            w.showCase({"scene_000", "flat_falloff", Task::On});
            QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id.scene == "scene_000", 60000);
            AnnotationMode* mode = w.annotation();
            mode->setActive(true);
            AnnotationDocument* doc = mode->editor()->document();
            fileShapes = doc->shapes().size();
            QTest::keyClick(mode->overlay(0), Qt::Key_P);
            drawPolygon(mode->overlay(0), {{20, 20}, {60, 20}, {40, 50}});
            QCOMPARE(doc->shapes().size(), fileShapes + 1);
            // Leave without the close question, as a crash would: the journal stays.
            mode->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
            QVERIFY(std::filesystem::exists(EditJournal::journalPathFor(labels)));
            mode->editor()->closeDocuments();
        }
        QVERIFY(std::filesystem::exists(EditJournal::journalPathFor(labels)));
        MainWindow w;
        QStringList asked;
        w.annotation()->setAsker([&](const QString& title, const QString&, QMessageBox::StandardButtons) {
            asked << title;
            return QMessageBox::Yes;
        });
        w.show();
        QVERIFY(w.openDataset(dataset_));
        QCOMPARE(asked.size(), 1);
        QVERIFY(w.annotation()->isActive());
        QTRY_VERIFY_WITH_TIMEOUT(w.annotation()->editor()->document() != nullptr, 60000);
        auto docs = w.annotation()->editor()->modifiedDocuments();
        QCOMPARE(docs.size(), std::size_t(1));
        QCOMPARE(docs.front()->shapes().size(), fileShapes + 1);
        QCOMPARE(docs.front()->shapes().back().rings, (std::vector<Ring>{Ring{{20, 20}, {60, 20}, {40, 50}}}));
        w.annotation()->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
        QVERIFY(w.close());
        QVERIFY(!std::filesystem::exists(EditJournal::journalPathFor(labels)));
    }

    void screenshot() {
        const QString out = qEnvironmentVariable("LIGHTLENS_ANNOTATION_SCREENSHOT");
        if (out.isEmpty()) QSKIP("set LIGHTLENS_ANNOTATION_SCREENSHOT=FILE to write the editor's screenshot");
        const QString demo = dir_.path() + "/demo";
        SynthDatasetParams p;
        p.scenes = 6;
        p.render.width = 960;
        p.render.height = 640;
        p.name = "LightLens demo";
        writeSynthDataset(demo.toStdString(), p);
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDataset(demo));
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase(), 120000);
        w.grid()->setGridLayout(GridLayout::Single);
        AnnotationMode* mode = w.annotation();
        mode->setActive(true);
        QTRY_VERIFY(mode->editor()->document());
        QApplication::processEvents();
        w.grid()->fit();
        QApplication::processEvents();
        AnnotationOverlay* o = mode->overlay(0);
        o->setBackdrop(Backdrop::Difference);
        o->setFocus();
        DisplaySettings d = w.viewState()->display();
        d.exposureEv = 1.5;
        w.viewState()->setDisplay(d);
        // A shape selected (handles), a new metallic polygon and one being drawn.
        QTest::keyClick(o, Qt::Key_1);
        QTest::keyClick(o, Qt::Key_P);
        drawPolygon(o, {{700, 420}, {820, 400}, {860, 470}, {780, 540}, {690, 500}});
        QTest::keyClick(o, Qt::Key_Escape);
        QTest::keyClick(o, Qt::Key_Escape);
        clickAt(o, 770, 470);
        QTest::keyClick(o, Qt::Key_P);
        QTest::keyClick(o, Qt::Key_4);
        for (auto [x, y] : {std::pair{120.0, 470.0}, {260.0, 440.0}, {330.0, 520.0}}) clickAt(o, x, y);
        mouse(o, QEvent::MouseMove, o->toScreen({250, 590}), Qt::NoButton, Qt::NoButton);
        QTRY_VERIFY_WITH_TIMEOUT(mode->shownRevision() == mode->editor()->document()->revision(), 60000);
        QTest::qWait(500);
        QVERIFY(w.grab().save(out));
        const QString check = qEnvironmentVariable("LIGHTLENS_ANNOTATION_BACKDROP_CHECK");
        if (!check.isEmpty()) {
            for (int b = 0; b < kBackdropCount; ++b) {
                o->setBackdrop(Backdrop(b));
                QVERIFY(w.grid()->pane(0)->grab().save(check + QString::number(b) + ".png"));
            }
        }
        mode->setAsker([](const QString&, const QString&, QMessageBox::StandardButtons) { return QMessageBox::Discard; });
    }

    void unreadableLabelsCanBeRedrawn() {
        // A malformed labels.json: the case still shows with its global scores and a warning, the
        // editor opens on the scene with no shapes, saving keeps the broken file as
        // labels.json.unreadable, the browser's scores of the scene follow the new labels, and
        // F5 reads the labels file again.
        const QString root = test::writeSmallSynthDataset(dir_.path() + "/bad", 2, 320, 208);
        const auto labels = std::filesystem::path(root.toStdString()) / "scenes" / "scene_001" / "labels.json";
        const std::string broken = "{\"images\": [ {\"id\": 1, oops";
        test::writeBytes(labels, broken);

        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDataset(root));
        const CaseId id{"scene_001", "flat_falloff", Task::On};
        w.showCase(id);
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == id, 60000);
        CasePtr c = w.currentCase();
        QVERIFY(c->result && c->result->scores.sie);
        QVERIFY(c->loaded().labelsProblem);
        QVERIFY((!c->regions || c->regions->empty()));
        bool warned = false;
        for (const QString& m : c->warnings) warned |= m.contains("labels.json") && m.contains("labels ignored");
        QVERIFY2(warned, qPrintable(c->warnings.join("\n")));
        const int row = w.browser()->model()->findRow("scene_001", "flat_falloff", Task::On);
        QTRY_VERIFY_WITH_TIMEOUT(w.browser()->model()->row(row).sie.has_value(), 60000);
        const double before = *w.browser()->model()->row(row).sie;

        AnnotationMode* mode = w.annotation();
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        mode->setAsker([&](const QString&, const QString&, QMessageBox::StandardButtons) { return answer; });
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        QVERIFY(mode->isActive());
        AnnotationDocument* doc = mode->editor()->document();
        QVERIFY(doc);
        QCOMPARE(doc->labelsPath(), labels);
        QVERIFY(doc->unreadableProblem());
        QVERIFY(doc->shapes().empty());
        QVERIFY2(mode->panel()->statusText().contains("Labels file unreadable"), qPrintable(mode->panel()->statusText()));

        // Redraw: a window over the left half (excluded everywhere, so the global scores change).
        mode->editor()->addClass("window");
        QCOMPARE(mode->editor()->activeClass(), QString("window"));
        AnnotationOverlay* o = mode->overlay(0);
        QTRY_VERIFY(o->isVisible() && o->width() > 100);
        QTest::keyClick(o, Qt::Key_P);
        drawPolygon(o, {{0, 0}, {160, 0}, {160, 208}, {0, 208}});
        QCOMPARE(doc->shapes().size(), std::size_t(1));
        QVERIFY(mode->panel()->statusText().contains("Unsaved changes"));
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QVERIFY(!doc->isModified());
        QVERIFY(!doc->unreadableProblem());
        QVERIFY(!mode->panel()->statusText().contains("unreadable"));
        std::filesystem::path kept = labels;
        kept += ".unreadable";
        QCOMPARE(test::readBytes(kept), broken);
        QCOMPARE(loadAnnotations(labels).shapes.size(), std::size_t(1));

        // The browser's score of the scene is recomputed with the saved labels.
        CaseFiles files{(root + "/scenes/scene_001/on.exr").toStdString(), (root + "/scenes/scene_001/off.exr").toStdString(),
                        (root + "/edits/flat_falloff/turn_on/scene_001.png").toStdString(), labels};
        CaseOptions opt;
        opt.k = c->loaded().k;
        opt.size = std::make_pair(c->size.width(), c->size.height());
        const EvalScores ref = evaluate(loadCase(files, opt, ColourConfig::builtin()).inputs(Task::On), {}, false).scores;
        QVERIFY(ref.sie && std::abs(*ref.sie - before) > 1e-6);
        QTRY_VERIFY_WITH_TIMEOUT(w.browser()->model()->row(row).sie &&
                                     std::abs(*w.browser()->model()->row(row).sie - *ref.sie) <= 1e-9 * std::abs(*ref.sie),
                                 60000);

        // A second save does not touch the kept file.
        QTest::keyClick(o, Qt::Key_P);
        drawPolygon(o, {{200, 20}, {260, 20}, {260, 60}});
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);
        QCOMPARE(test::readBytes(kept), broken);
        std::filesystem::path second = labels;
        second += ".unreadable.2";
        QVERIFY(!std::filesystem::exists(second));

        // F5 reads the file again: changed on disk behind the editor's back (one shape, the window).
        SceneAnnotations one = loadAnnotations(labels);
        one.shapes.resize(1);
        saveAnnotations(one, labels);
        QCOMPARE(doc->shapes().size(), std::size_t(2));
        QTest::keyClick(&w, Qt::Key_F5);
        QCOMPARE(doc->shapes().size(), std::size_t(1));
        // With unsaved edits it asks; Cancel keeps them, Discard reloads.
        QTest::keyClick(o, Qt::Key_P);
        drawPolygon(o, {{200, 20}, {260, 20}, {260, 60}});
        QVERIFY(doc->isModified());
        answer = QMessageBox::Cancel;
        QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(doc->shapes().size(), std::size_t(2));
        answer = QMessageBox::Discard;
        QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
        QCOMPARE(doc->shapes().size(), std::size_t(1));
        QVERIFY(!doc->isModified());
    }
};

QTEST_MAIN(TestAnnotationMode)
#include "test_annotation_mode.moc"
