// prepare: the 8-bit model inputs, the choice and recording of k, resizing, and refusals.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "dataset/Prepare.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

using namespace ll;
namespace fs = std::filesystem;

namespace {

// A gradient scene: off is dim, on adds a bright blob.
void makeScene(const fs::path& dir, int w, int h, float gain) {
    fs::create_directories(dir);
    Image on(w, h), off(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c) {
                const float base = 0.05f + 0.1f * float(x) / float(w) + 0.02f * float(c);
                const float dx = float(x - w / 3), dy = float(y - h / 2);
                off.at(x, y, c) = base * gain;
                on.at(x, y, c) = (base + 2.0f / (1.0f + (dx * dx + dy * dy) / 50.0f)) * gain;
            }
    saveExr(on, dir / "on.exr");
    saveExr(off, dir / "off.exr");
}

double metaK(const fs::path& meta) { return nlohmann::json::parse(test::readBytes(meta))["k"].get<double>(); }

} // namespace

class TestPrepare : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root(const char* n) { return fs::path(tmp_.path().toStdString()) / n; }

    static QString errorOf(const fs::path& r, const PrepareOptions& o = {}) {
        try {
            prepareDataset(r, o);
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void writesInputsAndRecordsK() {
        const fs::path r = root("a");
        makeScene(r / "scenes" / "s1", 64, 48, 1.0f);
        makeScene(r / "scenes" / "s2", 64, 48, 10.0f);
        test::writeBytes(r / "scenes" / "s2" / "meta.json", R"({"regime": "mixed", "note": 5})");
        const PrepareSummary sum = prepareDataset(r, {});
        QCOMPARE(sum.scenes.size(), std::size_t(2));
        for (const char* s : {"s1", "s2"})
            for (const char* t : {"turn_on", "turn_off"}) {
                const fs::path png = r / "inputs" / t / (std::string(s) + ".png");
                const ImageHeader h = readImageHeader(png);
                QCOMPARE(h.width, 64);
                QCOMPARE(h.info.bitsPerSample, 8);
                QVERIFY(!h.info.isFloat);
            }
        // k maps the 99.5th percentile of I_on's luminance to 0.9, and is shared by both inputs.
        const Image on = loadImage(r / "scenes" / "s1" / "on.exr");
        const Image off = loadImage(r / "scenes" / "s1" / "off.exr");
        const double k1 = metaK(r / "scenes" / "s1" / "meta.json");
        QCOMPARE(float(k1), exposureForPercentile(on));
        const double k2 = metaK(r / "scenes" / "s2" / "meta.json");
        QVERIFY(std::abs(k1 / k2 / 10.0 - 1) < 1e-4); // scale-free: 10x brighter HDR, k/10
        const auto meta2 = nlohmann::json::parse(test::readBytes(r / "scenes" / "s2" / "meta.json"));
        QCOMPARE(meta2["note"].get<int>(), 5);
        QCOMPARE(meta2["regime"].get<std::string>(), std::string("mixed"));
        // The inputs are exactly the 8-bit path: turn_on from off, turn_off from on.
        const ModelImagePath p8(ColourConfig::builtin());
        const Codes8 want = p8.toCodes(off, float(k1));
        const Codes8 got = ModelImagePath::codesOf(loadImage(r / "inputs" / "turn_on" / "s1.png"));
        QVERIFY(want.rgb == got.rgb);
        const Codes8 wantOff = p8.toCodes(on, float(k1));
        QVERIFY(wantOff.rgb == ModelImagePath::codesOf(loadImage(r / "inputs" / "turn_off" / "s1.png")).rgb);
    }

    void keepsKUnlessAskedToRecompute() {
        const fs::path r = root("b");
        makeScene(r / "scenes" / "s", 32, 24, 1.0f);
        test::writeBytes(r / "scenes" / "s" / "meta.json", R"({"k": 0.125})");
        auto sum = prepareDataset(r, {});
        QCOMPARE(sum.scenes[0].k, 0.125);
        QVERIFY(!sum.scenes[0].kComputed);
        QCOMPARE(metaK(r / "scenes" / "s" / "meta.json"), 0.125);
        PrepareOptions o;
        o.recomputeK = true;
        o.percentile = 50;
        o.target = 0.5;
        sum = prepareDataset(r, o);
        QVERIFY(sum.scenes[0].kComputed);
        QVERIFY(metaK(r / "scenes" / "s" / "meta.json") != 0.125);
        QCOMPARE(float(metaK(r / "scenes" / "s" / "meta.json")),
                 exposureForPercentile(loadImage(r / "scenes" / "s" / "on.exr"), 50, 0.5));
    }

    void resizesToTheEvalSize() {
        const fs::path r = root("c");
        makeScene(r / "scenes" / "s", 64, 48, 1.0f);
        test::writeBytes(r / "dataset.json", R"({"eval_size": [32, 24]})");
        prepareDataset(r, {});
        QCOMPARE(readImageHeader(r / "inputs" / "turn_on" / "s.png").width, 32);
        PrepareOptions o;
        o.size = EvalSize{16, 12};
        prepareDataset(r, o);
        QCOMPARE(readImageHeader(r / "inputs" / "turn_off" / "s.png").height, 12);
        o.size = EvalSize{16, 16};
        QVERIFY(errorOf(r, o).contains("aspect ratio"));
        o.allowAspect = true;
        QVERIFY(errorOf(r, o).isEmpty());
    }

    void refusesBrokenScenesBeforeWriting() {
        const fs::path r = root("d");
        makeScene(r / "scenes" / "good", 32, 24, 1.0f);
        makeScene(r / "scenes" / "bad", 32, 24, 1.0f);
        test::writeBytes(r / "scenes" / "bad" / "on.exr", "this is not an EXR file");
        const QString e = errorOf(r);
        QVERIFY2(e.contains("bad/on.exr") && !e.contains('\n'), qPrintable(e));
        QVERIFY(!fs::exists(r / "inputs")); // nothing written
        QVERIFY(errorOf(root("missing")).contains("not found"));
    }
};

QTEST_GUILESS_MAIN(TestPrepare)
#include "test_prepare.moc"
