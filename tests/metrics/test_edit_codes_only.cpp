// An 8-bit edit given to evaluate() by its codes alone (EvalInputs::editTable, the desktop app's
// evaluations) instead of as the float image decoded from them: every score, every kept map, the maps
// computed from the images when drawn (EvalDerivedMaps) and every per-pixel value of the inspector
// (pixelMetrics) are the same bits, for both tasks, with and without lowMemory, each KeptMaps and the
// quantisation draws; region masks shared by the caller (EvalInputs::sharedRegions) score as a copy
// in EvalInputs::regions does. Inputs that give neither the edit nor its codes with a table fail.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/EditPixels.h"
#include "metrics/EvalDerivedMaps.h"
#include "metrics/Evaluate.h"
#include "metrics/PixelMetrics.h"
#include "metrics/ScoresJson.h"
#include "util/Error.h"
#include "SyntheticScenes.h"

#include <QtTest>

#include <cstring>
#include <random>

using namespace ll;

namespace {

bool sameFloats(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }
bool samePlane(const FloatPlane& a, const FloatPlane& b) { return a.size() == b.size() && sameFloats(a.data(), b.data(), a.size()); }
bool sameImage(const Image& a, const Image& b) {
    return a.floatCount() == b.floatCount() && sameFloats(a.data(), b.data(), a.floatCount());
}
QString json(const EvalScores& s) { return QString::fromStdString(toJson(s).dump()); }

struct Case {
    test::Scene scene;
    Codes8 codes;
    Image decoded; // the codes decoded into an image: the reference
    std::array<float, 256> table{};
    Mask region;
    float k = 1.3f;
};

Case makeCase(int W, int H, Task t) {
    Case c{test::makeScene(W, H, 33), {}, {}, {}, Mask(W, H, 0)};
    const ModelImagePath path(ColourConfig::builtin());
    Image wrong = t == Task::On ? c.scene.oracleEdit : c.scene.off;
    std::mt19937 rng(9);
    std::normal_distribution<float> noise(0.0f, 0.1f);
    for (std::size_t i = 0; i < wrong.floatCount(); ++i) wrong.data()[i] *= 1.0f + noise(rng);
    c.codes = path.toCodes(wrong, c.k);
    c.decoded = path.decode(c.codes, c.k);
    c.table = path.decodeTable(c.k);
    for (int y = H / 4; y < H / 2; ++y)
        for (int x = W / 3; x < W / 2; ++x) c.region(x, y) = 1;
    return c;
}

} // namespace

class TestEditCodesOnly : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theTableIsTheDecode() {
        const ModelImagePath path(ColourConfig::builtin());
        Codes8 all{256, 1, {}};
        for (int v = 0; v < 256; ++v)
            for (int c = 0; c < 3; ++c) all.rgb.push_back(std::uint8_t(v));
        for (const float k : {1.0f, 0.37f, 2.9f}) {
            const Image d = path.decode(all, k);
            const std::array<float, 256> t = path.decodeTable(k);
            for (int v = 0; v < 256; ++v) QCOMPARE(t[std::size_t(v)], d.at(v, 0, 1));
            QVERIFY(t[255] > t[128] && t[128] > t[1] && t[0] == 0.0f);
            const EditPixels p(all, t);
            QVERIFY(sameImage(p.toImage(), d));
            std::vector<float> scratch;
            QVERIFY(sameFloats(p.row(0, scratch), d.data(), d.floatCount()));
            std::array<float, 30> part{};
            QVERIFY(sameFloats(p.span(0, 100, 10, part.data()), d.pixel(100, 0), 30));
            QCOMPARE(p.at(200, 0, 2), d.at(200, 0, 2));
        }
        QVERIFY_THROWS_EXCEPTION(Error, path.decodeTable(0.0f));
    }

    void sameScoresAndMaps_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("task");
        QTest::newRow("320x200 on") << 320 << 200 << int(Task::On);
        QTest::newRow("333x170 off") << 333 << 170 << int(Task::Off);
        QTest::newRow("9x8 below SSIM's window") << 9 << 8 << int(Task::On);
    }

    void sameScoresAndMaps() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, task);
        const Task t = Task(task);
        const Case c = makeCase(width, height, t);
        const std::map<std::string, Mask> regions{{"shadow", c.region}};

        EvalInputs image;
        image.on = &c.scene.on;
        image.off = &c.scene.off;
        image.edit = &c.decoded;
        image.editCodes = &c.codes;
        image.task = t;
        image.k = c.k;
        image.regions = regions;
        EvalInputs codes = image;
        codes.edit = nullptr;
        codes.editTable = &c.table;
        codes.regions.clear();
        codes.sharedRegions = &regions;

        MetricParams drawn;
        drawn.computeUncertainty = true;
        drawn.uncertaintyDraws = 3;
        int compared = 0;
        for (const bool low : {false, true})
        for (const MetricParams& params : {MetricParams{}, drawn})
        for (const KeptMaps kept : {KeptMaps::None, KeptMaps::Compact, KeptMaps::All}) {
            image.lowMemory = codes.lowMemory = low;
            const EvalResult a = evaluate(image, params, kept);
            const EvalResult b = evaluate(codes, params, kept);
            QCOMPARE(json(b.scores), json(a.scores));
            if (kept == KeptMaps::None) continue;
            const EvalMaps& ma = *a.maps;
            const EvalMaps& mb = *b.maps;
            QVERIFY(samePlane(ma.lfeMap, mb.lfeMap));
            QVERIFY(ma.masks.omega.values() == mb.masks.omega.values());
            QVERIFY(ma.masks.reason.values() == mb.masks.reason.values());
            QVERIFY(ma.bandLabels.values() == mb.bandLabels.values());
            for (std::size_t ch = 0; ch < 3; ++ch) QVERIFY(ma.omega80[ch].values() == mb.omega80[ch].values());
            if (kept == KeptMaps::All) {
                QVERIFY(sameImage(ma.ratioEdit, mb.ratioEdit) && !mb.ratioEdit.empty());
                QVERIFY(sameImage(ma.gradientEdit, mb.gradientEdit));
                QVERIFY(sameImage(ma.lfePerChannel, mb.lfePerChannel));
                QVERIFY(samePlane(ma.sieMap, mb.sieMap));
                QVERIFY(ma.masks.clippedEdit.values() == mb.masks.clippedEdit.values());
                QVERIFY(ma.masks.nonFinite.values() == mb.masks.nonFinite.values());
                continue;
            }
            // Compact: the maps drawn from the images, and the inspector's values at every pixel.
            const EvalDerivedMaps da(c.scene.on, c.scene.off, c.decoded, ma.masks.omega, a.scores);
            const EvalDerivedMaps db(c.scene.on, c.scene.off, EditPixels(c.codes, c.table), mb.masks.omega, b.scores);
            std::vector<float> ra(3 * std::size_t(width)), rb(ra.size());
            for (int m = 0; m < 5; ++m)
                for (int y = 0; y < height; ++y) {
                    const int n = derivedMapChannels(DerivedMap(m)) * width;
                    da.row(DerivedMap(m), y, 0, width, ra.data());
                    db.row(DerivedMap(m), y, 0, width, rb.data());
                    QVERIFY(sameFloats(ra.data(), rb.data(), std::size_t(n)));
                }
            const EditPixels edit(c.codes, c.table);
            for (int y = 0; y < height; y += 3)
                for (int x = 0; x < width; x += 5) {
                    const PixelMetrics pa = pixelMetrics(ma, a.scores, x, y, &c.scene.on, &c.scene.off, &c.decoded);
                    const PixelMetrics pb = pixelMetrics(mb, b.scores, x, y, &c.scene.on, &c.scene.off, &edit);
                    QVERIFY(sameFloats(pa.ratioEdit.data(), pb.ratioEdit.data(), 3));
                    QVERIFY(sameFloats(pa.standardisedEdit.data(), pb.standardisedEdit.data(), 3));
                    QVERIFY(sameFloats(pa.gradientEdit.data(), pb.gradientEdit.data(), 3));
                    QVERIFY(sameFloats(pa.sie.data(), pb.sie.data(), 3));
                    QVERIFY(sameFloats(&pa.sieMap, &pb.sieMap, 1));
                }
            ++compared;
        }
        QCOMPARE(compared, 4); // the compact comparisons ran for both modes and both parameter sets
        // Nothing above was vacuous: the scores exist where the size allows them, the region is scored.
        const EvalResult r = evaluate(codes, {}, KeptMaps::None);
        if (width > 100) QVERIFY(r.scores.sie && r.scores.lfe && r.scores.regions.count("shadow"));
    }

    // The codes alone, without their table (or neither), are refused with an error, as are codes of
    // another size.
    void incompleteInputsFail() {
        const Case c = makeCase(40, 30, Task::On);
        EvalInputs in;
        in.on = &c.scene.on;
        in.off = &c.scene.off;
        in.editCodes = &c.codes;
        QVERIFY_THROWS_EXCEPTION(Error, evaluate(in, {}, KeptMaps::None));
        in.editTable = &c.table;
        QVERIFY(evaluate(in, {}, KeptMaps::None).scores.validPixels > 0);
        Codes8 small = c.codes;
        small.width = 20;
        small.rgb.resize(20 * 30 * 3);
        in.editCodes = &small;
        QVERIFY_THROWS_EXCEPTION(Error, evaluate(in, {}, KeptMaps::None));
    }
};

QTEST_GUILESS_MAIN(TestEditCodesOnly)
#include "test_edit_codes_only.moc"
