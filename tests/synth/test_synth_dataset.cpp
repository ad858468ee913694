// The synthetic dataset on disk, through the core API and through lightlens-cli synth / prepare:
// the documented layout, byte-identical output for a seed, and clean failures for bad input.
#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "dataset/Dataset.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"
#include "synth/SynthDataset.h"
#include "synth/SynthScene.h"
#include "util/Error.h"

#include <QProcess>
#include <nlohmann/json.hpp>

using namespace ll;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> filesUnder(const fs::path& root) {
    std::vector<fs::path> out;
    for (const auto& e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file()) out.push_back(fs::relative(e.path(), root));
    std::sort(out.begin(), out.end());
    return out;
}

struct Run {
    int status = -1;
    QString out, err;
};

Run cli(const QStringList& args) {
    Run r;
    const char* exe = std::getenv("LIGHTLENS_CLI");
    if (!exe) return r;
    QProcess p;
    p.start(QString::fromLocal8Bit(exe), args);
    p.waitForFinished(120000);
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestSynthDataset : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir(const char* n) { return fs::path(tmp_.path().toStdString()) / n; }

    static SynthDatasetParams params(std::uint64_t seed) {
        SynthDatasetParams p;
        p.render.width = 96;
        p.render.height = 64;
        p.render.seed = seed;
        p.scenes = 2;
        return p;
    }

private Q_SLOTS:
    void sameSeedSameBytes() {
        writeSynthDataset(dir("a"), params(5));
        writeSynthDataset(dir("b"), params(5));
        writeSynthDataset(dir("c"), params(6));
        const auto files = filesUnder(dir("a"));
        QCOMPARE(files, filesUnder(dir("b")));
        QCOMPARE(files.size(), std::size_t(1 + 2 * 4 + 2 * 2 + 2 * 2 * 6));
        for (const auto& f : files)
            QVERIFY2(test::readBytes(dir("a") / f) == test::readBytes(dir("b") / f), f.c_str());
        QVERIFY(test::readBytes(dir("a") / "scenes/scene_000/on.exr") != test::readBytes(dir("c") / "scenes/scene_000/on.exr"));
    }

    void scansCleanWithEveryPart() {
        const Dataset d = scanDataset(dir("a"));
        QString problems;
        for (const auto& p : d.problems) problems += QString::fromStdString(p.text()) + "\n";
        QVERIFY2(d.problems.empty(), qPrintable(problems));
        QCOMPARE(d.scenes.size(), std::size_t(2));
        QCOMPARE(d.models.size(), synthModelNames().size());
        QCOMPARE(d.edits.size(), std::size_t(2 * 6 * 2));
        QVERIFY(d.evalSize && d.evalSize->width == 96);
        for (const auto& s : d.scenes) {
            QVERIFY(s.labels.has_value());
            QVERIFY(s.meta.kRecorded && s.meta.k > 0);
            QVERIFY(!s.meta.regime.empty());
            const ImageHeader h = readImageHeader(s.on);
            QVERIFY(h.info.isFloat);
            QCOMPARE(h.info.bitsPerSample, 32);
            const auto labels = nlohmann::json::parse(test::readBytes(*s.labels));
            QVERIFY(labels.contains("images") && labels.contains("annotations") && labels.contains("categories"));
            QVERIFY(labels["annotations"].size() >= 3);
            // The annotations module reads them back as the renderer's regions.
            const SceneAnnotations a = loadAnnotations(*s.labels);
            QCOMPARE(a.imageWidth, 96);
            const auto masks = rasteriseByClass(a, 96, 64);
            QVERIFY(masks.count("window") && masks.count("metallic") && masks.count("mirror"));
            SynthParams rp = params(5).render;
            const SynthScene scene = renderScene(rp, s.name == "scene_000" ? 0 : 1);
            for (const auto& r : scene.regions) {
                QVERIFY2(masks.count(r.className), r.className.c_str());
                std::size_t both = 0;
                for (std::size_t i = 0; i < r.mask.size(); ++i) both += r.mask[i] && masks.at(r.className)[i];
                QVERIFY2(double(both) >= 0.6 * double(countSet(r.mask)), r.className.c_str());
            }
        }
    }

    void refusesBadParameters() {
        auto errorOf = [](const fs::path& d, SynthDatasetParams p) {
            try {
                writeSynthDataset(d, p);
            } catch (const Error& e) {
                return QString::fromStdString(e.what());
            }
            return QString();
        };
        SynthDatasetParams p = params(1);
        p.models = {"oracle", "genius"};
        QVERIFY(errorOf(dir("x"), p).contains("genius"));
        QVERIFY(!fs::exists(dir("x")));
        test::writeBytes(dir("afile"), "x");
        QVERIFY(errorOf(dir("afile"), params(1)).contains("not a folder"));
        fs::create_directories(dir("busy"));
        test::writeBytes(dir("busy") / "thesis.tex", "x");
        QVERIFY(errorOf(dir("busy"), params(1)).contains("not empty"));
    }

    void cliSynthThenPrepare() {
        if (!std::getenv("LIGHTLENS_CLI")) QSKIP("LIGHTLENS_CLI is not set");
        const fs::path d = dir("cli");
        const QString D = QString::fromStdString(d.string());
        Run r = cli({"synth", D, "--scenes", "4", "--size", "160x120", "--seed", "3"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("wrote 4 scenes"));
        const std::string inputBefore = test::readBytes(d / "inputs/turn_on/scene_002.png");
        r = cli({"prepare", D});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("prepared 4 scenes"), qPrintable(r.out));
        // prepare keeps synth's k, so it reproduces synth's inputs exactly.
        QCOMPARE(test::readBytes(d / "inputs/turn_on/scene_002.png"), inputBefore);
        for (int i = 0; i < 4; ++i) {
            const std::string s = synthSceneName(i);
            for (const char* f : {"on.exr", "off.exr", "meta.json", "labels.json"}) QVERIFY(fs::exists(d / "scenes" / s / f));
            for (const char* t : {"turn_on", "turn_off"}) {
                QCOMPARE(readImageHeader(d / "inputs" / t / (s + ".png")).info.bitsPerSample, 8);
                for (const auto& m : synthModelNames()) QVERIFY(fs::exists(d / "edits" / m / t / (s + ".png")));
            }
        }
        const Dataset ds = scanDataset(d);
        QVERIFY(ds.problems.empty());
        QCOMPARE(ds.scenes.size(), std::size_t(4));
    }

    void cliBadInput() {
        if (!std::getenv("LIGHTLENS_CLI")) QSKIP("LIGHTLENS_CLI is not set");
        Run r = cli({"prepare", QString::fromStdString(dir("nothing-here").string())});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("nothing-here") && r.err.count('\n') == 1, qPrintable(r.err));
        // A corrupt on.exr: exit 1, one line naming the file.
        const fs::path d = dir("corrupt");
        r = cli({"synth", QString::fromStdString(d.string()), "--scenes", "2", "--size", "64x48", "--quiet",
                 "--models", "do_nothing"});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        const std::string good = test::readBytes(d / "scenes/scene_001/on.exr");
        test::writeBytes(d / "scenes/scene_001/on.exr", good.substr(0, good.size() / 3));
        r = cli({"prepare", QString::fromStdString(d.string()), "--recompute-k"});
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("scene_001/on.exr") && r.err.count('\n') == 1, qPrintable(r.err));
        // Bad usage: exit 2.
        QCOMPARE(cli({"synth", QString::fromStdString(dir("u").string()), "--size", "12"}).status, 2);
        QCOMPARE(cli({"synth", QString::fromStdString(dir("u").string()), "--models", "genius"}).status, 2);
        QCOMPARE(cli({"prepare"}).status, 2);
        // synth into a file: exit 1.
        test::writeBytes(dir("plainfile"), "x");
        r = cli({"synth", QString::fromStdString(dir("plainfile").string()), "--scenes", "1", "--size", "32x32"});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("plainfile"));
    }
};

QTEST_GUILESS_MAIN(TestSynthDataset)
#include "test_synth_dataset.moc"
