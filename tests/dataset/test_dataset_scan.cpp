// Scanning dataset folders: the layout of data-and-cli.md, and every odd thing reported as a problem.
#include "dataset/Dataset.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <vector>

using namespace ll;
namespace fs = std::filesystem;

namespace {

void writeExr(const fs::path& p, int w, int h, float v = 0.5f) {
    fs::create_directories(p.parent_path());
    saveExr(Image(w, h, v), p);
}

void writePng(const fs::path& p, int w, int h) {
    fs::create_directories(p.parent_path());
    std::vector<std::uint8_t> rgb(std::size_t(w) * h * 3, 128);
    savePng8(rgb.data(), w, h, p);
}

void writeText(const fs::path& p, const std::string& text) {
    fs::create_directories(p.parent_path());
    test::writeBytes(p, text);
}

bool hasProblem(const Dataset& d, ProblemKind kind, const std::string& pathPart) {
    for (const auto& p : d.problems)
        if (p.kind == kind && p.path.string().find(pathPart) != std::string::npos) return true;
    return false;
}

QString problemsText(const Dataset& d) {
    QString s;
    for (const auto& p : d.problems) s += QString(problemKindName(p.kind)) + " " + QString::fromStdString(p.text()) + "\n";
    return s;
}

} // namespace

class TestDatasetScan : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root() { return fs::path(tmp_.path().toStdString()); }

    // A clean dataset: two scenes, one model with all edits.
    fs::path makeClean(const std::string& name) {
        const fs::path r = root() / name;
        for (const char* s : {"kitchen", "attic"}) {
            writeExr(r / "scenes" / s / "on.exr", 32, 24, 1.0f);
            writeExr(r / "scenes" / s / "off.exr", 32, 24, 0.5f);
            writePng(r / "inputs" / "turn_on" / (std::string(s) + ".png"), 32, 24);
            writePng(r / "inputs" / "turn_off" / (std::string(s) + ".png"), 32, 24);
            writePng(r / "edits" / "modelA" / "turn_on" / (std::string(s) + ".png"), 32, 24);
            writePng(r / "edits" / "modelA" / "turn_off" / (std::string(s) + ".png"), 16, 12);
        }
        writeText(r / "scenes" / "kitchen" / "meta.json", R"({"k": 2.5, "regime": "mixed", "clip_level": null, "note": "x"})");
        writeText(r / "scenes" / "kitchen" / "labels.json", "{}");
        writeText(r / "dataset.json", R"({"name": "demo", "eval_size": [32, 24]})");
        return r;
    }

private Q_SLOTS:
    void cleanDataset() {
        const Dataset d = scanDataset(makeClean("clean"));
        QVERIFY2(d.problems.empty(), qPrintable(problemsText(d)));
        QCOMPARE(d.name, std::string("demo"));
        QVERIFY(d.evalSize && d.evalSize->width == 32 && d.evalSize->height == 24);
        QCOMPARE(d.scenes.size(), std::size_t(2));
        QCOMPARE(d.scenes[0].name, std::string("attic")); // sorted
        QCOMPARE(d.scenes[1].meta.k, 2.5);
        QVERIFY(d.scenes[1].meta.kRecorded);
        QCOMPARE(d.scenes[1].meta.regime, std::string("mixed"));
        QVERIFY(d.scenes[1].labels.has_value());
        QVERIFY(!d.scenes[0].labels.has_value());
        QCOMPARE(d.scenes[0].meta.k, 1.0);
        QCOMPARE(d.scenes[0].width, 32);
        QCOMPARE(d.models, std::vector<std::string>{"modelA"});
        QCOMPARE(d.edits.size(), std::size_t(4));
        for (const auto& e : d.edits) QVERIFY(e.usable());
        const EditEntry* e = d.findEdit("kitchen", "modelA", Task::Off);
        QVERIFY(e && e->width == 16 && e->height == 12);
        QCOMPARE(d.inputPath("attic", Task::On), d.root / "inputs" / "turn_on" / "attic.png");
    }

    void reportsEveryOddThing() {
        const fs::path r = makeClean("odd");
        // missing edit
        fs::remove(r / "edits" / "modelA" / "turn_on" / "attic.png");
        // a second model with only turn_on, one edit in JPEG (any LDR extension), one unreadable, one ambiguous
        writePng(r / "edits" / "modelB" / "turn_on" / "attic.png", 32, 24);
        writePng(r / "edits" / "modelB" / "turn_on" / "attic.jpg", 32, 24);
        writeText(r / "edits" / "modelB" / "turn_on" / "kitchen.png", "not a png at all");
        // aspect ratio mismatch
        writePng(r / "edits" / "modelC" / "turn_on" / "kitchen.png", 32, 32);
        // an edit for a scene that does not exist, and a stray file
        writePng(r / "edits" / "modelA" / "turn_on" / "garage.png", 32, 24);
        writeText(r / "edits" / "modelA" / "turn_on" / "notes.txt", "x");
        // an empty model folder, unknown folders and files
        fs::create_directories(r / "edits" / "modelD" / "results");
        fs::create_directories(r / "stuff");
        writeText(r / "scenes" / "kitchen" / "preview.jpg", "x");
        // scenes: size mismatch, missing off, bad meta, unreadable on, 8-bit on
        writeExr(r / "scenes" / "sizes" / "on.exr", 32, 24);
        writeExr(r / "scenes" / "sizes" / "off.exr", 30, 24);
        writeExr(r / "scenes" / "lonely" / "on.exr", 32, 24);
        writeExr(r / "scenes" / "badmeta" / "on.exr", 32, 24);
        writeExr(r / "scenes" / "badmeta" / "off.exr", 32, 24);
        writeText(r / "scenes" / "badmeta" / "meta.json", R"({"k": -3})");
        writeText(r / "scenes" / "broken" / "on.exr", "garbage bytes, not an EXR");
        writeExr(r / "scenes" / "broken" / "off.exr", 32, 24);
        writePng(r / "scenes" / "ldr" / "on.png", 32, 24);
        writeExr(r / "scenes" / "ldr" / "off.exr", 32, 24);
        writeExr(r / "scenes" / "twice" / "on.exr", 32, 24);
        writeExr(r / "scenes" / "twice" / "on.hdr", 32, 24);
        writeExr(r / "scenes" / "twice" / "off.exr", 32, 24);

        const Dataset d = scanDataset(r);
        const QString all = problemsText(d);
        QCOMPARE(d.scenes.size(), std::size_t(2)); // only attic and kitchen can be scored
        QCOMPARE(d.models, (std::vector<std::string>{"modelA", "modelB", "modelC", "modelD"}));
        QCOMPARE(d.edits.size(), std::size_t(2 * 4 * 2));
        QVERIFY2(hasProblem(d, ProblemKind::MissingEdit, "modelA/turn_on/attic"), qPrintable(all));
        QVERIFY(!d.findEdit("attic", "modelA", Task::On)->usable());
        QVERIFY2(hasProblem(d, ProblemKind::MissingEdit, "modelB/turn_off/kitchen"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::Ambiguous, "modelB/turn_on"), qPrintable(all));
        QVERIFY(d.findEdit("attic", "modelB", Task::On)->problem.find("ambiguous") == 0);
        QVERIFY2(hasProblem(d, ProblemKind::Unreadable, "modelB/turn_on/kitchen.png"), qPrintable(all));
        QVERIFY(!d.findEdit("kitchen", "modelB", Task::On)->usable());
        QVERIFY2(hasProblem(d, ProblemKind::SizeMismatch, "modelC/turn_on/kitchen.png"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::OrphanEdit, "garage.png"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::UnknownFile, "notes.txt"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::EmptyModel, "modelD"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::UnknownFolder, "modelD/results"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::UnknownFolder, "stuff"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::UnknownFile, "preview.jpg"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::SizeMismatch, "sizes/off.exr"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::MissingPair, "lonely"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::BadMeta, "badmeta/meta.json"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::Unreadable, "broken/on.exr"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::NotHdr, "ldr/on.png"), qPrintable(all));
        QVERIFY2(hasProblem(d, ProblemKind::Ambiguous, "twice"), qPrintable(all));
        for (const auto& p : d.problems) QVERIFY2(p.text().find('\n') == std::string::npos, p.text().c_str());
    }

    void badDatasetJsonIsAProblem() {
        const fs::path r = makeClean("badjson");
        writeText(r / "dataset.json", R"({"eval_size": [0, "x"]})");
        const Dataset d = scanDataset(r);
        QVERIFY(hasProblem(d, ProblemKind::BadDatasetJson, "dataset.json"));
        QVERIFY(!d.evalSize);
        QCOMPARE(d.name, std::string("badjson"));
        QCOMPARE(d.scenes.size(), std::size_t(2));
    }

    void notADataset() {
        auto errorOf = [](const fs::path& p) {
            try {
                scanDataset(p);
            } catch (const Error& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        QVERIFY(errorOf(root() / "nope").contains("not found"));
        fs::create_directories(root() / "empty");
        QVERIFY(errorOf(root() / "empty").contains("no scenes/"));
        writeText(root() / "file", "x");
        QVERIFY(errorOf(root() / "file").contains("not a folder"));
    }
};

QTEST_GUILESS_MAIN(TestDatasetScan)
#include "test_dataset_scan.moc"
