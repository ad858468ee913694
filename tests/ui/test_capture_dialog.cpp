// File -> New scene from brackets...: the dialog runs the capture in the background with progress,
// opens the new scene in the inspector, reports errors in its status line, and Cancel writes nothing.
#include "MainWindow.h"
#include "capture/BracketSimulation.h"
#include "capture/CaptureDialog.h"
#include "jobs/JobRunner.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace ll;
using namespace ll::ui;
namespace fs = std::filesystem;

namespace {

// Five exposures around 1/100 s of bottles.hdr (off), and of it with its left third twice as bright (on).
QStringList frames(const fs::path& dir, const QString& prefix, bool lampOn, int size = 160) {
    Image x = test::sceneRadiance(size, size * 3 / 4);
    for (std::size_t i = 0; i < x.floatCount(); ++i) x.data()[i] *= 0.3f;
    if (lampOn)
        for (int y = 0; y < x.height(); ++y)
            for (int xx = 0; xx < x.width() / 3; ++xx)
                for (int c = 0; c < 3; ++c) x.at(xx, y, c) *= 2.0f;
    test::SensorModel s;
    std::mt19937_64 rng(lampOn ? 1 : 2);
    QStringList files;
    for (int k = 0; k < 5; ++k) {
        test::FrameExifTags tags;
        tags.exposureTime = 0.01 * std::pow(2.0, k - 2);
        const fs::path p = dir / (prefix.toStdString() + std::to_string(k) + ".tif");
        test::writeLinearTiff(p, test::exposeCodes(x, std::pow(2.0, k - 2), s, rng), x.width(), x.height(), s, tags);
        files << QString::fromStdString(p.string());
    }
    return files;
}

} // namespace

class TestCaptureDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capturesAndOpensTheScene() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        CaptureDialog* d = w.openCaptureDialog();
        QVERIFY(d->isVisible());
        QSignalSpy captured(d, &CaptureDialog::captured);
        QSignalSpy shown(&w, &MainWindow::caseShown);
        d->setDataset(QString::fromStdString((root / "data").string()));
        d->setSceneName("lamp");
        d->setFrames(frames(root, "on", true), frames(root, "off", false));
        d->setLensCorrection(false);
        d->start();
        QVERIFY(d->running());
        QTRY_VERIFY_WITH_TIMEOUT(captured.count() == 1, 120000);
        QVERIFY(!d->running());
        QVERIFY(d->statusText().contains("clip level"));
        QVERIFY(fs::exists(root / "data" / "scenes" / "lamp" / "on.exr"));
        QVERIFY(fs::exists(root / "data" / "inputs" / "turn_on" / "lamp.png"));
        // The main window opened the dataset on the new scene.
        QVERIFY(w.session()->isOpen());
        QCOMPARE(QString::fromStdString(w.session()->dataset().root.string()), QString::fromStdString((root / "data").string()));
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id.scene == "lamp", 60000);
    }

    void errorsShowInTheStatusLine() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        JobRunner runner;
        CaptureDialog d(&runner);
        QSignalSpy failed(&d, &CaptureDialog::failed);
        d.setDataset(QString::fromStdString((root / "data").string()));
        d.setSceneName("s");
        QStringList on = frames(root, "on", true);
        on << QString::fromStdString((root / "missing.tif").string());
        d.setFrames(on, frames(root, "off", false));
        d.setLensCorrection(false);
        d.start();
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, 60000);
        QVERIFY2(d.statusText().contains("missing.tif: no such file"), qPrintable(d.statusText()));
        QVERIFY(!d.running());
        QVERIFY(!fs::exists(root / "data"));
        d.setSceneName("a/b");
        d.start();
        QCOMPARE(failed.count(), 2);
        QVERIFY(d.statusText().contains("no slashes"));
    }

    void cancelWritesNothing() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        JobRunner runner;
        CaptureDialog d(&runner);
        QSignalSpy captured(&d, &CaptureDialog::captured);
        d.setDataset(QString::fromStdString((root / "data").string()));
        d.setSceneName("s");
        d.setFrames(frames(root, "on", true, 640), frames(root, "off", false, 640));
        d.setLensCorrection(false);
        d.start();
        d.cancel();
        QVERIFY(!d.running());
        QVERIFY(d.statusText().contains("Cancelled"));
        QTRY_VERIFY_WITH_TIMEOUT(runner.activeJobs() == 0, 60000);
        QTest::qWait(200);
        QCOMPARE(captured.count(), 0);
        QVERIFY(!fs::exists(root / "data" / "scenes" / "s" / "on.exr"));
    }
};

QTEST_MAIN(TestCaptureDialog)
#include "test_capture_dialog.moc"
