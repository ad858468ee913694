// The Inspector on a small synthetic dataset: open it, show a case, wait for the worker, and check
// the score panel against `lightlens-cli eval` (LIGHTLENS_CLI) and the core evaluate(); the
// dataset browser fills in; the panes' pan and zoom stay locked together; the pixel inspector
// reads the maps; going back to a case comes from the cache.
#include "MainWindow.h"
#include "browser/DatasetBrowser.h"
#include "metrics/LoadCase.h"
#include "panels/PixelInspector.h"
#include "panels/ScorePanel.h"
#include "support/SmallSynthDataset.h"

#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QWheelEvent>

using namespace ll;
using namespace ll::ui;

class TestInspector : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;

    QString edit(const QString& scene, const QString& model, const QString& task) const {
        return dataset_ + "/edits/" + model + "/turn_" + task + "/" + scene + ".png";
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dataset_ = test::writeSmallSynthDataset(dir_.path(), 2, 320, 208);
    }

    void showsACaseWithTheScoresOfTheCore() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        connect(w.session(), &DatasetSession::caseFailed, this,
                [](const CaseId& id, const QString& e) { qWarning("case %s failed: %s", qPrintable(id.label()), qPrintable(e)); });
        QVERIFY(w.openDataset(dataset_));
        const CaseId id{"scene_001", "flat_falloff", Task::On};
        w.showCase(id);
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == id, 60000);
        CasePtr c = w.currentCase();
        QVERIFY(c->hasEdit && c->result);
        QVERIFY(c->maps() != nullptr);

        // Against the core, evaluated here independently of the GUI's job.
        CaseFiles files{(dataset_ + "/scenes/scene_001/on.exr").toStdString(),
                        (dataset_ + "/scenes/scene_001/off.exr").toStdString(),
                        edit("scene_001", "flat_falloff", "on").toStdString(),
                        (dataset_ + "/scenes/scene_001/labels.json").toStdString()};
        CaseOptions opt;
        opt.k = c->loaded().k;
        const LoadedCase lc = loadCase(files, opt, ColourConfig::builtin());
        const EvalScores ref = evaluate(lc.inputs(Task::On), {}, false).scores;
        QVERIFY(ref.sie && ref.lfe);
        QCOMPARE(w.scorePanel()->cellText("SIE", 1), QString::number(*ref.sie, 'f', 3));
        QCOMPARE(w.scorePanel()->cellText("LFE", 1), QString::number(*ref.lfe, 'f', 3));

        // Against the command-line twin.
        const QString cli = qEnvironmentVariable("LIGHTLENS_CLI");
        QVERIFY2(!cli.isEmpty(), "LIGHTLENS_CLI is not set (CTest sets it)");
        {
            QProcess p;
            p.start(cli, {"eval", "--on", dataset_ + "/scenes/scene_001/on.exr", "--off",
                          dataset_ + "/scenes/scene_001/off.exr", "--edit", edit("scene_001", "flat_falloff", "on"),
                          "--task", "on", "--k", QString::number(double(c->loaded().k), 'g', 9), "--labels",
                          dataset_ + "/scenes/scene_001/labels.json"});
            QVERIFY(p.waitForFinished(60000));
            QCOMPARE(p.exitCode(), 0);
            const QJsonObject j = QJsonDocument::fromJson(p.readAllStandardOutput()).object();
            QCOMPARE(w.scorePanel()->cellText("SIE", 1), QString::number(j["sie"].toDouble(), 'f', 3));
            QCOMPARE(w.scorePanel()->cellText("LFE", 1), QString::number(j["lfe"].toDouble(), 'f', 3));
            QCOMPARE(w.scorePanel()->cellText("SIE1", 1), QString::number(j["sie1"].toDouble(), 'f', 3));
        }

        // The do-nothing baseline column: the dataset's do_nothing model.
        QTRY_VERIFY_WITH_TIMEOUT(w.scorePanel()->cellText("SIE", 2) != "–", 60000);
        CaseFiles dn = files;
        dn.edit = edit("scene_001", "do_nothing", "on").toStdString();
        const EvalScores base = evaluate(loadCase(dn, opt, ColourConfig::builtin()).inputs(Task::On), {}, false).scores;
        QCOMPARE(w.scorePanel()->cellText("SIE", 2), base.sie ? QString::number(*base.sie, 'f', 3) : QString("null"));

        // The browser fills in every usable case in the background.
        QTRY_COMPARE_WITH_TIMEOUT(w.browser()->model()->pendingCount(), 0, 120000);
        const int row = w.browser()->model()->findRow("scene_001", "flat_falloff", Task::On);
        QVERIFY(row >= 0);
        QVERIFY(w.browser()->model()->row(row).sie.has_value());
        QVERIFY(std::abs(*w.browser()->model()->row(row).sie - *ref.sie) <= 1e-9 * std::abs(*ref.sie));

        // The pixel inspector reads the case's maps.
        // A pixel inside the evaluated region Omega (the first one from (160, 100) on along the row).
        const auto& m = *c->maps();
        const std::size_t width = std::size_t(c->size.width());
        std::size_t i = 100 * width + 160;
        while (i < m.masks.omega.size() && !m.masks.omega[i]) ++i;
        QVERIFY(i < m.masks.omega.size());
        w.viewState()->setHover(QPoint(int(i % width), int(i / width)));
        QVERIFY(!w.pixelInspector()->valueText("I_on").isEmpty());
        QVERIFY(!w.pixelInspector()->valueText("Mask").isEmpty());
        // The SIE map and the gradients, which the inspector's compact maps do not keep, read as the
        // full maps' values (the gradients at a pixel of the gradient domain).
        {
            const EvalResult full = evaluate(lc.inputs(Task::On), {}, KeptMaps::All);
            QVERIFY(m.sieMap.empty());
            QCOMPARE(w.pixelInspector()->valueText("SIE map"), QString::number(double(full.maps->sieMap[i]), 'g', 5));
            std::size_t j = i;
            while (j < full.maps->gradientDomain.size() && !full.maps->gradientDomain[j]) ++j;
            QVERIFY(j < full.maps->gradientDomain.size());
            const int x = int(j % width), y = int(j / width);
            w.viewState()->setHover(QPoint(x, y));
            auto three = [](const Image& im, int px, int py) {
                QStringList t;
                for (int ch = 0; ch < 3; ++ch) t << QString::number(double(im.at(px, py, ch)), 'g', 5);
                return t.join("  ");
            };
            QCOMPARE(w.pixelInspector()->valueText("M_R = |∇E_R|"), three(full.maps->gradientReal, x, y));
            QCOMPARE(w.pixelInspector()->valueText("M_G = |∇E_G|"), three(full.maps->gradientEdit, x, y));
        }

        // Back and forth: the second visit comes from the cache, at once.
        w.showCase(CaseId{"scene_000", "flat_falloff", Task::Off});
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id.scene == "scene_000", 60000);
        w.showCase(id);
        QVERIFY(w.currentCase()->id == id); // delivered synchronously from the LRU cache
        QCOMPARE(w.currentCase().get(), c.get());
    }

    void panesStayLockedTogether() {
        MainWindow w;
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.openDataset(dataset_));
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() != nullptr, 60000);
        PaneGrid* g = w.grid();
        g->setGridLayout(GridLayout::TwoByTwo);
        QApplication::processEvents();
        ImageCanvas* a = g->pane(0)->canvas();
        ImageCanvas* b = g->pane(3)->canvas();
        // Wheel over pane 1, off-centre: zoom in three notches.
        const QPointF at(a->width() * 0.3, a->height() * 0.6);
        const QPointF before = w.viewState()->transform().toImage(at, a->size());
        for (int k = 0; k < 3; ++k) {
            QWheelEvent e(at, a->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
            QApplication::sendEvent(a, &e);
        }
        const ViewTransform t = w.viewState()->transform();
        QVERIFY(std::abs(t.toImage(at, a->size()).x() - before.x()) < 1e-6);
        // Drag-pan in pane 1.
        QTest::mousePress(a, Qt::LeftButton, {}, QPoint(200, 200));
        QTest::mouseMove(a, QPoint(240, 215));
        QTest::mouseRelease(a, Qt::LeftButton, {}, QPoint(240, 215));
        const ViewTransform t2 = w.viewState()->transform();
        QVERIFY(t2.centre != t.centre);
        // Pane 4 shows the same image point at the same place (same-size panes).
        QCOMPARE(a->size(), b->size());
        const QPointF pa = t2.toImage(QPointF(50, 70), a->size());
        const QPointF pb = t2.toImage(QPointF(50, 70), b->size());
        QCOMPARE(pa, pb);
        // Fit resets every pane at once.
        g->fit();
        QVERIFY(w.viewState()->fitMode());
        QCOMPARE(w.viewState()->transform().centre, QPointF(160, 104));
    }
};

QTEST_MAIN(TestInspector)
#include "test_inspector.moc"
