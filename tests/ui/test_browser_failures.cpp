// The dataset browser follows the benchmark's rules: a degenerate edit (here an all-black turn-on
// edit, whose ratio image E_G has no spread) is shown as a failure with its reason, not as a score,
// and a scene is evaluated at the benchmark's size (the smallest edit of the tested models).
#include "MainWindow.h"
#include "browser/DatasetBrowser.h"
#include "image/Image.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "support/SmallSynthDataset.h"
#include "support/TestSupport.h"

#include <QtTest>

#include <QTemporaryDir>

using namespace ll;
using namespace ll::ui;

class TestBrowserFailures : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dataset_ = test::writeSmallSynthDataset(dir_.path(), 2, 160, 104);
        const std::filesystem::path root = dataset_.toStdString();
        test::writeBytes(root / "dataset.json", "{\"name\": \"browser\"}\n"); // no forced size
        savePng8(Image(160, 104, 0.0f), root / "edits/flat_falloff/turn_on/scene_000.png");
        // One turn-off edit of scene_001 comes back at 0.75x: the benchmark then scores that scene, both
        // tasks, at 120x78 (the do-nothing baseline is not a tested model and does not count).
        const auto png = root / "edits/flat_falloff/turn_off/scene_001.png";
        savePng8(resampleLinear(loadImage(png), 120, 78), png);
    }

    void degenerateEditIsAFailureWithItsReason() {
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(w.openDataset(dataset_));
        QTRY_COMPARE_WITH_TIMEOUT(w.browser()->model()->pendingCount(), 0, 600000);
        const auto* model = w.browser()->model();
        const int black = model->findRow("scene_000", "flat_falloff", Task::On);
        QVERIFY(black >= 0);
        QCOMPARE(int(model->row(black).state), int(BrowserRow::State::Failed));
        QVERIFY2(model->row(black).problem.contains("degenerate edit") && model->row(black).problem.contains("MAD of E_G"),
                 qPrintable(model->row(black).problem));
        const int ok = model->findRow("scene_001", "flat_falloff", Task::On);
        QCOMPARE(int(model->row(ok).state), int(BrowserRow::State::Done));
        QVERIFY(model->row(ok).sie.has_value());

        // The case opens at the benchmark's evaluation size.
        const CaseId id{"scene_001", "flat_falloff", Task::On};
        w.showCase(id);
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == id, 600000);
        QCOMPARE(w.currentCase()->size, QSize(120, 78));
    }
};

QTEST_MAIN(TestBrowserFailures)
#include "test_browser_failures.moc"
