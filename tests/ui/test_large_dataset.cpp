// A dataset of 10,000 scenes (one model, both tasks: 20,000 edits) opens in the Inspector in
// seconds and the window stays responsive while the background scoring runs. Every scene shares
// one tiny 4x4 EXR pair and every edit one 4x4 PNG through hard links, so the folder costs little
// to make. The measured times are printed for reference (speed is tracked by the benchmarks in
// docs/performance.md); the suite asserts behaviour only, so a loaded machine cannot fail it.
#include "MainWindow.h"
#include "browser/DatasetBrowser.h"
#include "dataset/Dataset.h"
#include "image/ImageIO.h"

#include <QtTest>

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <filesystem>
#include <string>

using namespace ll;
using namespace ll::ui;
namespace fs = std::filesystem;

namespace {

constexpr int kScenes = 10000;

std::string sceneName(int i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "scene_%05d", i);
    return buf;
}

// Time for the event loop to run a zero-delay timer posted now (how long a click would wait).
qint64 eventLoopLatencyMs() {
    QElapsedTimer t;
    t.start();
    bool fired = false;
    QTimer::singleShot(0, [&] { fired = true; });
    while (!fired) QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
    return t.elapsed();
}

} // namespace

class TestLargeDataset : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        QElapsedTimer t;
        t.start();
        const fs::path root = fs::path(dir_.path().toStdString()) / "large";
        const fs::path shared = fs::path(dir_.path().toStdString()) / "shared";
        fs::create_directories(shared);
        Image on(4, 4, 0.5f), off(4, 4, 0.25f);
        saveExr(on, shared / "on.exr", ExrPixelType::Half);
        saveExr(off, shared / "off.exr", ExrPixelType::Half);
        savePng8(Image(4, 4, 0.6f), shared / "edit.png");
        for (const char* task : {"turn_on", "turn_off"}) fs::create_directories(root / "edits" / "model_a" / task);
        for (int i = 0; i < kScenes; ++i) {
            const std::string name = sceneName(i);
            const fs::path scene = root / "scenes" / name;
            fs::create_directories(scene);
            fs::create_hard_link(shared / "on.exr", scene / "on.exr");
            fs::create_hard_link(shared / "off.exr", scene / "off.exr");
            for (const char* task : {"turn_on", "turn_off"})
                fs::create_hard_link(shared / "edit.png", root / "edits" / "model_a" / task / (name + ".png"));
        }
        dataset_ = QString::fromStdString(root.string());
        qInfo("made %d scenes in %lld ms", kScenes, t.elapsed());
    }

    void opensTenThousandScenesInSeconds() {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));

        QElapsedTimer t;
        t.start();
        QVERIFY(w.openDataset(dataset_));
        const qint64 openMs = t.elapsed();
        const Dataset& d = w.session()->dataset();
        QCOMPARE(int(d.scenes.size()), kScenes);
        QCOMPARE(int(d.edits.size()), 2 * kScenes);
        QCOMPARE(int(d.problems.size()), 0);
        QCOMPARE(w.browser()->model()->rowCount(), 2 * kScenes);

        // Interactive: the first case is on screen and the event loop answers at once.
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() != nullptr, 120000);
        const qint64 firstCaseMs = t.elapsed();
        qint64 worstLatency = 0;
        for (int i = 0; i < 20; ++i) {
            worstLatency = std::max(worstLatency, eventLoopLatencyMs());
            QTest::qWait(25);
        }
        // Stepping to another scene while thousands of background jobs are queued.
        QElapsedTimer step;
        step.start();
        const CaseId far{QString::fromStdString(sceneName(kScenes - 1)), "model_a", Task::Off};
        w.showCase(far);
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == far, 120000);
        const qint64 stepMs = step.elapsed();
        qInfo("open (scan + browser) %lld ms; first case on screen %lld ms; worst event-loop latency %lld ms; "
              "last scene shown in %lld ms",
              openMs, firstCaseMs, worstLatency, stepMs);
    }

    // The Inspector's lazy scan lists the same scenes and edits as the full scan (which reads the
    // 40,000 image headers, as bench does).
    void lazyScanListsWhatTheFullScanLists() {
        QElapsedTimer t;
        t.start();
        const Dataset lazy = scanDataset(dataset_.toStdString(), ScanOptions{.readHeaders = false});
        const qint64 lazyMs = t.restart();
        const Dataset full = scanDataset(dataset_.toStdString());
        const qint64 fullMs = t.elapsed();
        qInfo("scan of %d scenes: lazy %lld ms, with image headers %lld ms", kScenes, lazyMs, fullMs);
        QCOMPARE(lazy.scenes.size(), full.scenes.size());
        QCOMPARE(lazy.edits.size(), full.edits.size());
        QCOMPARE(full.scenes.back().width, 4);
        QCOMPARE(lazy.scenes.back().width, 0);
        for (std::size_t i = 0; i < full.edits.size(); i += 997) {
            QCOMPARE(lazy.edits[i].scene, full.edits[i].scene);
            QVERIFY(lazy.edits[i].usable() && full.edits[i].usable());
            QVERIFY(lazy.findEdit(full.edits[i].scene, "model_a", full.edits[i].task) == &lazy.edits[i]);
        }
    }
};

QTEST_MAIN(TestLargeDataset)
#include "test_large_dataset.moc"
