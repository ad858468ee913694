// A path inside a dataset names its root and, where the layout says so, its scene, model and task.
#include "dataset/DatasetLocate.h"
#include "support/TestSupport.h"

using namespace ll;
namespace fs = std::filesystem;

class TestDatasetLocate : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        root_ = fs::path(tmp_.path().toStdString()) / "ds";
        fs::create_directories(root_ / "scenes/kitchen");
        fs::create_directories(root_ / "inputs/turn_on");
        fs::create_directories(root_ / "edits/model_a/turn_off");
        fs::create_directories(root_ / "results");
        for (const char* f : {"scenes/kitchen/on.exr", "scenes/kitchen/labels.json", "inputs/turn_on/kitchen.png",
                              "edits/model_a/turn_off/kitchen.png", "results/per_image.csv"})
            test::writeBytes(root_ / f, "x");
    }

    void findsRootSceneModelAndTask() {
        auto at = [&](const char* rel) { return locateInDataset(root_ / rel); };
        const auto scene = at("scenes/kitchen/labels.json");
        QVERIFY(scene);
        QCOMPARE(scene->root, root_);
        QCOMPARE(scene->scene, std::string("kitchen"));
        QVERIFY(scene->model.empty() && !scene->task);

        const auto input = at("inputs/turn_on/kitchen.png");
        QVERIFY(input);
        QCOMPARE(input->scene, std::string("kitchen"));
        QCOMPARE(input->task, std::optional<Task>(Task::On));

        const auto edit = at("edits/model_a/turn_off/kitchen.png");
        QVERIFY(edit);
        QCOMPARE(edit->root, root_);
        QCOMPARE(edit->scene, std::string("kitchen"));
        QCOMPARE(edit->model, std::string("model_a"));
        QCOMPARE(edit->task, std::optional<Task>(Task::Off));

        const auto folder = at("edits/model_a");
        QVERIFY(folder);
        QCOMPARE(folder->model, std::string("model_a"));
        QVERIFY(folder->scene.empty() && !folder->task);

        for (const char* rel : {"", "results/per_image.csv", "scenes", "scenes/kitchen"}) {
            const auto loc = at(rel);
            QVERIFY2(loc && loc->root == root_, rel);
            QCOMPARE(loc->scene, std::string(rel == std::string("scenes/kitchen") ? "kitchen" : ""));
        }
        // A trailing separator and ".." are normalised.
        QCOMPARE(locateInDataset(root_ / "scenes/kitchen/../kitchen/")->scene, std::string("kitchen"));
    }

    void outsideADataset() {
        QVERIFY(!locateInDataset(fs::path(tmp_.path().toStdString())));
        QVERIFY(!locateInDataset(fs::path(tmp_.path().toStdString()) / "no-such-file.png"));
    }
};

QTEST_MAIN(TestDatasetLocate)
#include "test_dataset_locate.moc"
