// lightlens-cli capture: option parsing (--on/--off take several files), the printed summary, exit
// statuses and one-line errors naming the file, --times in seconds or fractions.
#include "cli/Commands.h"
#include "support/CliInProcess.h"

#include "capture/BracketSimulation.h"
#include "dataset/SceneMeta.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

using namespace ll;
namespace fs = std::filesystem;

namespace {

using Run = test::CliRun;
Run run(const std::vector<std::string>& args) { return test::runCliInProcess(args); }

// Five exposures, one EV apart around 1/100 s, of the photograph (off) or the photograph twice as
// bright on its left half (on); with EXIF unless `exif` is false.
std::vector<std::string> frames(const fs::path& dir, const std::string& prefix, bool lampOn, bool exif = true) {
    Image x = test::sceneRadiance(160, 120);
    for (std::size_t i = 0; i < x.floatCount(); ++i) x.data()[i] *= 0.3f;
    if (lampOn)
        for (int y = 0; y < x.height(); ++y)
            for (int xx = 0; xx < 40; ++xx)
                for (int c = 0; c < 3; ++c) x.at(xx, y, c) *= 2.0f;
    test::SensorModel s;
    std::mt19937_64 rng(lampOn ? 1 : 2);
    std::vector<std::string> files;
    for (int k = 0; k < 5; ++k) {
        test::FrameExifTags tags;
        tags.exposureTime = exif ? 0.01 * std::pow(2.0, k - 2) : 0.0;
        const fs::path p = dir / (prefix + std::to_string(k) + ".tif");
        test::writeLinearTiff(p, test::exposeCodes(x, std::pow(2.0, k - 2), s, rng), x.width(), x.height(), s, tags);
        files.push_back(p.string());
    }
    return files;
}

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

} // namespace

class TestCaptureCli : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capturesAScene() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const fs::path scene = root / "scenes" / "desk";
        const Run r = run(join(join(join({"capture", scene.string(), "--on"}, frames(root, "on", true)), {"--off"}),
                               join(frames(root, "off", false), {"--lens", "none"})));
        QVERIFY2(r.status == 0, r.err.c_str());
        QVERIFY(r.out.find("base exposure 0.01 s") != std::string::npos);
        QVERIFY(r.out.find("on:  5 frames") != std::string::npos);
        QVERIFY(r.out.find("off: 5 frames") != std::string::npos);
        QVERIFY(r.out.find("lens correction switched off") != std::string::npos);
        QVERIFY(fs::exists(scene / "on.exr") && fs::exists(scene / "off.exr") && fs::exists(scene / "capture-report.png"));
        QVERIFY(readSceneMeta(scene / "meta.json").clipLevel.has_value());
    }

    void timesReplaceMissingExif() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const fs::path scene = root / "scene";
        const auto on = frames(root, "on", true, false), off = frames(root, "off", false, false);
        Run r = run(join(join(join({"capture", scene.string(), "--on"}, on), {"--off"}), join(off, {"--lens", "none"})));
        QCOMPARE(r.status, 1);
        QCOMPARE(std::count(r.err.begin(), r.err.end(), '\n'), 1L);
        QVERIFY2(r.err.find("on0.tif: has no EXIF exposure time (give the times with --times)") != std::string::npos,
                 r.err.c_str());
        QVERIFY(!fs::exists(scene));
        // One list for both states, in seconds and fractions.
        r = run(join(join(join({"capture", scene.string(), "--on"}, on), {"--off"}),
                     join(off, {"--lens", "none", "--times", "1/400,0.005,1/100,0.02,1/25", "--quiet"})));
        QVERIFY2(r.status == 0, r.err.c_str());
        QVERIFY(r.out.empty());
        const auto meta = readSceneMeta(scene / "meta.json");
        QVERIFY(meta.capture.find("\"exposure_source\":\"times\"") != std::string::npos);
    }

    void usageErrors() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const auto on = frames(root, "on", true);
        Run r = run(join({"capture", (root / "s").string(), "--on"}, on));
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.find("missing required option --off") != std::string::npos);
        r = run({"capture", (root / "s").string(), "--on", "--off", on[0]});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.find("--on needs at least one value") != std::string::npos);
        r = run(join(join({"capture", (root / "s").string(), "--lens", "maybe", "--on"}, on), {"--off", on[0]}));
        QVERIFY2(r.status == 2, r.err.c_str());
        QVERIFY(r.err.find("--lens expects auto or none") != std::string::npos);
        r = run(join(join({"capture", (root / "s").string(), "--times", "0.01,fast", "--on"}, on), {"--off", on[0]}));
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.find("'fast'") != std::string::npos);
        QVERIFY(!fs::exists(root / "s"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureCli)
#include "test_capture_cli.moc"
