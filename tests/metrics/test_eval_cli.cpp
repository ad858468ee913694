// lightlens-cli eval and bench-metrics as a user runs them: the JSON contract keys, --maps, --labels,
// and bad inputs (missing, corrupt, size mismatch, NaN pixels) giving exit 1 and one line naming the file.
#include "SyntheticScenes.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"

#include <QProcess>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace ll;
namespace fs = std::filesystem;

class TestEvalCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return fs::path(tmp_.path().toStdString()); }

    struct Run {
        int code = -1;
        std::string out, err;
    };
    static Run run(const QStringList& args) {
        const QByteArray cli = qgetenv("LIGHTLENS_CLI");
        QProcess p;
        p.start(QString::fromLocal8Bit(cli), args);
        p.waitForFinished(120000);
        return {p.exitCode(), p.readAllStandardOutput().toStdString(), p.readAllStandardError().toStdString()};
    }
    QStringList base(const fs::path& on, const fs::path& off, const fs::path& edit) const {
        return {"eval", "--on", QString::fromStdString(on.string()), "--off", QString::fromStdString(off.string()),
                "--edit", QString::fromStdString(edit.string()), "--task", "on"};
    }
    static void expectInputError(const Run& r, const std::string& file) {
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.find(file) != std::string::npos, r.err.c_str());
        QVERIFY2(std::count(r.err.begin(), r.err.end(), '\n') == 1, r.err.c_str());
        QVERIFY(r.out.empty());
    }

private Q_SLOTS:
    void initTestCase() {
        if (qgetenv("LIGHTLENS_CLI").isEmpty()) QSKIP("LIGHTLENS_CLI is not set (run through ctest)");
        const test::Scene s = test::makeScene(96, 64, 8);
        saveExr(s.on, dir() / "on.exr");
        saveExr(s.off, dir() / "off.exr");
        const ModelImagePath path(ColourConfig::builtin());
        const Codes8 codes = path.toCodes(s.oracleEdit, 1.0f);
        savePng8(codes.rgb.data(), 96, 64, dir() / "edit.png");
        Image small(48, 32, 0.2f);
        saveExr(small, dir() / "small.exr");
        Image nan = s.on;
        nan.at(5, 5, 1) = NAN;
        saveExr(nan, dir() / "nan.exr");
        test::writeBytes(dir() / "corrupt.exr", "v/1\x01 this is not an EXR file at all");
        test::writeBytes(dir() / "labels.json", R"({"version": "5.2.1", "flags": {}, "imagePath": "edit.png",
            "imageHeight": 64, "imageWidth": 96, "imageData": null, "shapes": [
              {"label": "probe_shadow", "points": [[10, 10], [80, 10], [80, 60], [10, 60]], "shape_type": "polygon",
               "group_id": null, "flags": {}},
              {"label": "window", "points": [[0, 0], [20, 0], [20, 15], [0, 15]], "shape_type": "polygon",
               "group_id": null, "flags": {}}]})");
    }

    void printsTheContractKeys() {
        const Run r = run(base(dir() / "on.exr", dir() / "off.exr", dir() / "edit.png"));
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        for (const char* k : {"task", "sie", "lfe", "sie1", "psnr", "ssim", "valid_fraction", "valid_pixels",
                              "degenerate", "size", "regions", "bands"})
            QVERIFY2(j.contains(k), k);
        QCOMPARE(j["task"].get<std::string>(), std::string("on"));
        QCOMPARE(j["size"], nlohmann::json({96, 64}));
        QVERIFY(j["sie"].is_number() && j["lfe"].is_number() && j["ssim"].is_number());
        QVERIFY(j["sie"].get<double>() < 0.2); // the oracle through the 8-bit path
        for (const char* b : {"16-100", "6-16", "3-6", "2-3", "1-2", "0-1"}) QVERIFY2(j["bands"].contains(b), b);
        QVERIFY(j["bands"]["16-100"].contains("pixels"));
        QVERIFY(r.out.find("NaN") == std::string::npos);
    }

    void labelsAndMaps() {
        QStringList a = base(dir() / "on.exr", dir() / "off.exr", dir() / "edit.png");
        a << "--labels" << QString::fromStdString((dir() / "labels.json").string()) << "--maps"
          << QString::fromStdString((dir() / "maps").string());
        const Run r = run(a);
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j["regions"].contains("probe_shadow"));
        QVERIFY(!j["regions"].contains("window"));
        QVERIFY(j["regions"]["probe_shadow"]["pixels"].get<int>() > 100);
        QVERIFY(j["excluded"]["window"].get<int>() > 0);
        for (const char* f : {"sie_map.exr", "sie_map.png", "lfe_map.png", "lfe_map.exr", "ratio_real.exr",
                              "ratio_edit.png", "mask_omega.png", "mask_low_signal.png", "mask_window.png",
                              "exclusion_reasons.png", "bands.png"})
            QVERIFY2(fs::exists(dir() / "maps" / f), f);
        const Image png = loadImage(dir() / "maps" / "sie_map.png");
        QVERIFY(png.height() > 64); // the legend strip below the image
    }

    void forcedSize() {
        QStringList a = base(dir() / "on.exr", dir() / "off.exr", dir() / "edit.png");
        a << "--size" << "48x32";
        const Run r = run(a);
        QVERIFY2(r.code == 0, r.err.c_str());
        QCOMPARE(nlohmann::json::parse(r.out)["size"], nlohmann::json({48, 32}));
    }

    void kAndClipLevelFromTheSceneMeta() {
        // A scene folder with meta.json (k = 4, clip_level = 0.5): eval inside it without --k scores as
        // with --k 4 --clip-level 0.5 given by hand on copies outside it; --k still wins.
        const test::Scene s = test::makeScene(96, 64, 8);
        const fs::path scene = dir() / "scenes" / "lamp";
        fs::create_directories(scene);
        saveExr(s.on, scene / "on.exr");
        saveExr(s.off, scene / "off.exr");
        test::writeBytes(scene / "meta.json", R"({"k": 4.0, "regime": "natural", "clip_level": 0.5})");
        const ModelImagePath path(ColourConfig::builtin());
        const Codes8 codes = path.toCodes(s.oracleEdit, 4.0f);
        savePng8(codes.rgb.data(), 96, 64, dir() / "edit_k4.png");
        const fs::path outside = dir() / "loose";
        fs::create_directories(outside);
        fs::copy_file(scene / "on.exr", outside / "on.exr");
        fs::copy_file(scene / "off.exr", outside / "off.exr");

        QStringList byHand = base(outside / "on.exr", outside / "off.exr", dir() / "edit_k4.png");
        byHand << "--k" << "4" << "--clip-level" << "0.5";
        const Run hand = run(byHand);
        QVERIFY2(hand.code == 0, hand.err.c_str());
        const auto h = nlohmann::json::parse(hand.out);
        QVERIFY(!h.contains("scene_meta"));

        const Run inside = run(base(scene / "on.exr", scene / "off.exr", dir() / "edit_k4.png"));
        QVERIFY2(inside.code == 0, inside.err.c_str());
        const auto i = nlohmann::json::parse(inside.out);
        QCOMPARE(i["scene_meta"].get<std::string>(), (scene / "meta.json").string());
        for (const char* k : {"sie", "lfe", "psnr", "valid_pixels"}) QVERIFY2(i[k] == h[k], k);

        QStringList viaOption = base(outside / "on.exr", outside / "off.exr", dir() / "edit_k4.png");
        viaOption << "--scene" << QString::fromStdString(scene.string());
        const Run opt = run(viaOption);
        QVERIFY2(opt.code == 0, opt.err.c_str());
        const auto o = nlohmann::json::parse(opt.out);
        for (const char* k : {"sie", "lfe", "psnr", "valid_pixels"}) QVERIFY2(o[k] == h[k], k);

        // Given options win over meta.json.
        QStringList override = base(scene / "on.exr", scene / "off.exr", dir() / "edit_k4.png");
        override << "--k" << "1";
        const Run k1 = run(override);
        QVERIFY2(k1.code == 0, k1.err.c_str());
        QVERIFY(nlohmann::json::parse(k1.out)["psnr"] != h["psnr"]);

        // A missing meta.json under --scene, and a malformed one, are input errors naming the file.
        QStringList noMeta = base(outside / "on.exr", outside / "off.exr", dir() / "edit_k4.png");
        noMeta << "--scene" << QString::fromStdString(outside.string());
        expectInputError(run(noMeta), "loose/meta.json");
        test::writeBytes(outside / "meta.json", "{\"k\": ");
        expectInputError(run(base(outside / "on.exr", outside / "off.exr", dir() / "edit_k4.png")), "loose/meta.json");
    }

    void missingFile() { expectInputError(run(base(dir() / "nope.exr", dir() / "off.exr", dir() / "edit.png")), "nope.exr"); }
    void corruptFile() { expectInputError(run(base(dir() / "on.exr", dir() / "corrupt.exr", dir() / "edit.png")), "corrupt.exr"); }
    void sizeMismatch() { expectInputError(run(base(dir() / "on.exr", dir() / "small.exr", dir() / "edit.png")), "small.exr"); }
    void nanPixels() { expectInputError(run(base(dir() / "nan.exr", dir() / "off.exr", dir() / "edit.png")), "nan.exr"); }

    void badUsage() {
        QStringList a = base(dir() / "on.exr", dir() / "off.exr", dir() / "edit.png");
        a[a.size() - 1] = "sideways";
        QCOMPARE(run(a).code, 2);
        QCOMPARE(run({"eval", "--on", "x"}).code, 2);
    }

    void benchMetricsRuns() {
        const Run r = run({"bench-metrics", "--size", "160x120", "--repeat", "2", "--json"});
        QVERIFY2(r.code == 0, r.err.c_str());
        const auto j = nlohmann::json::parse(r.out);
        QVERIFY(j["median_ms"].get<double>() > 0);
    }
};

QTEST_GUILESS_MAIN(TestEvalCli)
#include "test_eval_cli.moc"
