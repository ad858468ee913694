// A file dropped on the window (or named on the command line) that lies inside a dataset opens that
// dataset and shows its case: an edit its scene, model and task; a scene's file its scene with the model
// and task on screen. A path in no dataset changes nothing.
#include "MainWindow.h"
#include "support/SmallSynthDataset.h"

#include <QtTest>

#include <QTemporaryDir>

using namespace ll;
using namespace ll::ui;

class TestOpenPath : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private Q_SLOTS:
    void opensTheDatasetAndCaseOfAFile() {
        QVERIFY(dir_.isValid());
        const QString dataset = test::writeSmallSynthDataset(dir_.path(), 2, 96, 64);
        MainWindow w;
        w.resize(1200, 800);
        w.show();

        QVERIFY(!w.openPath(dir_.path()));
        QVERIFY(!w.currentCase());

        QVERIFY(w.openPath(dataset + "/edits/flat_falloff/turn_off/scene_001.png"));
        const CaseId edit{"scene_001", "flat_falloff", Task::Off};
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == edit, 600000);

        QVERIFY(w.openPath(dataset + "/scenes/scene_000/on.exr"));
        const CaseId scene{"scene_000", "flat_falloff", Task::Off};
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == scene, 600000);

        QVERIFY(w.openPath(dataset + "/inputs/turn_on/scene_001.png"));
        const CaseId input{"scene_001", "flat_falloff", Task::On};
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() && w.currentCase()->id == input, 600000);

        // Outside any dataset: the dataset on screen stays.
        QVERIFY(!w.openPath(dir_.path() + "/elsewhere.png"));
        QCOMPARE(w.currentCase()->id, input);
    }
};

QTEST_MAIN(TestOpenPath)
#include "test_open_path.moc"
