// The metric engine against the slow scalar reference (ReferenceMetrics.h) on generated scenes:
// masks equal, maps to 1e-6, scores to 1e-6 with the exact blur and 1e-3 with the recursive blur.
#include "ReferenceMetrics.h"
#include "SyntheticScenes.h"
#include "metrics/Evaluate.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;

namespace {

bool close(double a, double b, double rel, double abs = 0.0) {
    return std::abs(a - b) <= std::max(abs, rel * std::max(std::abs(a), std::abs(b)));
}

// An imperfect edit: the oracle with a wrong local highlight, a missing shadow edge and noise.
Image imperfectEdit(const test::Scene& s, bool turnOn, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> n(0.0, 0.01);
    Image g = turnOn ? s.oracleEdit : s.off;
    const int W = g.width(), H = g.height();
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            for (int c = 0; c < 3; ++c) {
                double v = g.at(x, y, c);
                if (x > W / 5 && x < W / 3 && y > H / 4 && y < H / 2) v *= 1.6;
                if (!turnOn) v = 0.9 * v + 0.1 * s.on.at(x, y, c); // a faint leftover of the light
                g.at(x, y, c) = float(std::max(0.0, v * (1.0 + n(rng))));
            }
    return g;
}

using test::rectMask;

std::vector<std::uint8_t> toVec(const Mask& m) { return test::maskValues(m); }

} // namespace

class TestEngineVsReference : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesReference_data() {
        QTest::addColumn<int>("W");
        QTest::addColumn<int>("H");
        QTest::addColumn<int>("seed");
        QTest::addColumn<bool>("turnOn");
        QTest::newRow("64x48 on") << 64 << 48 << 1 << true;
        QTest::newRow("64x48 off") << 64 << 48 << 2 << false;
        QTest::newRow("97x61 on (odd sizes)") << 97 << 61 << 3 << true;
        QTest::newRow("150x100 off") << 150 << 100 << 4 << false;
        QTest::newRow("160x120 on") << 160 << 120 << 5 << true;
    }
    void matchesReference() {
        QFETCH(int, W);
        QFETCH(int, H);
        QFETCH(int, seed);
        QFETCH(bool, turnOn);
        const test::Scene s = test::makeScene(W, H, std::uint32_t(seed));
        const Image edit = imperfectEdit(s, turnOn, std::uint32_t(seed) + 100);
        const Mask window = rectMask(W, H, 0, 0, W / 6, H / 5);
        std::map<std::string, Mask> regions;
        regions["probe_shadow"] = rectMask(W, H, W / 4, H / 4, W / 2, H / 2);
        regions["metallic"] = rectMask(W, H, W / 2, H / 3, W - 2, H - 2);
        regions["tiny"] = rectMask(W, H, 2, H - 6, 8, H - 2); // < 100 pixels: null

        EvalInputs in;
        in.on = &s.on;
        in.off = &s.off;
        in.edit = &edit;
        in.task = turnOn ? Task::On : Task::Off;
        in.window = &window;
        in.regions = regions;
        MetricParams exact;
        exact.blurMethod = BlurMethod::ExactKernel;
        exact.computeClassic = false;
        const EvalResult e = evaluate(in, exact, true);

        ref::Inputs ri{&s.on, &s.off, &edit, turnOn, nullptr, nullptr, {}};
        const std::vector<std::uint8_t> win = toVec(window);
        ri.window = &win;
        for (const auto& [k, m] : regions) ri.regions[k] = toVec(m);
        const ref::Result r = ref::evaluate(ri);

        // Masks: identical.
        for (std::size_t i = 0, shown = 0; i < r.omega.size() && shown < 5; ++i)
            if (e.maps->masks.omega[i] != r.omega[i]) {
                ++shown;
                qWarning("pixel %zu: engine %d (reason %d, blurred %.9g, threshold %.9g) reference %d (blurred %.9g)", i,
                         int(e.maps->masks.omega[i]), int(e.maps->masks.reason[i]), double(e.maps->blurredSignal[i]),
                         e.scores.lowSignalThreshold, int(r.omega[i]), r.blurred[i]);
            }
        QCOMPARE(e.scores.validPixels, r.valid);
        QVERIFY(r.valid > 200);
        QVERIFY(toVec(e.maps->masks.omega) == r.omega);
        QVERIFY(toVec(e.maps->gradientDomain) == r.omegaGrad);
        for (int c = 0; c < 3; ++c) QVERIFY(toVec(e.maps->omega80[std::size_t(c)]) == r.omega80[std::size_t(c)]);
        // Maps: 1e-6.
        for (std::size_t i = 0; i < r.sieMap.size(); ++i) {
            QVERIFY2(close(e.maps->sieMap[i], r.sieMap[i], 1e-6, 1e-6), qPrintable(QString::number(i)));
            QVERIFY2(close(e.maps->lfeMap[i], r.lfeMap[i], 1e-6, 1e-6), qPrintable(QString::number(i)));
            QVERIFY(close(e.maps->blurredSignal[i], r.blurred[i], 1e-6, 1e-9));
        }
        // Scores: 1e-6 with the same (exact) blur.
        QVERIFY(e.scores.sie && r.sie && e.scores.lfe && r.lfe && e.scores.sie1 && r.sie1);
        QVERIFY2(close(*e.scores.sie, *r.sie, 1e-6), qPrintable(QString("%1 vs %2").arg(*e.scores.sie).arg(*r.sie)));
        QVERIFY2(close(*e.scores.lfe, *r.lfe, 1e-6), qPrintable(QString("%1 vs %2").arg(*e.scores.lfe).arg(*r.lfe)));
        QVERIFY(close(*e.scores.sie1, *r.sie1, 1e-6));
        for (const auto& [name, rs] : r.regionSie) {
            const RegionScore& es = e.scores.regions.at(name);
            QCOMPARE(es.sie.has_value(), rs.has_value());
            if (rs) QVERIFY(close(*es.sie, *rs, 1e-6));
            const auto& rl = r.regionLfe.at(name);
            QCOMPARE(es.lfe.has_value(), rl.has_value());
            if (rl) QVERIFY(close(*es.lfe, *rl, 1e-6));
        }
        QVERIFY(!e.scores.regions.at("tiny").sie);
        QVERIFY(e.scores.regions.at("probe_shadow").sie.has_value());
        QCOMPARE(e.scores.regions.count("window"), std::size_t(0));
        const char* keys[6] = {"16-100", "6-16", "3-6", "2-3", "1-2", "0-1"};
        for (int b = 0; b < 6; ++b) {
            const RegionScore& es = e.scores.bands.at(keys[b]);
            QCOMPARE(es.sie.has_value(), r.bandSie[std::size_t(b)].has_value());
            if (es.sie) QVERIFY(close(*es.sie, *r.bandSie[std::size_t(b)], 1e-6));
        }

        // The fast (recursive) blur: scores within 1e-3 relative of the exact kernel's, masks nearly equal.
        MetricParams fast = exact;
        fast.blurMethod = BlurMethod::Recursive;
        const EvalResult f = evaluate(in, fast, true);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < r.omega.size(); ++i) differ += f.maps->masks.omega[i] != r.omega[i];
        QVERIFY2(differ <= r.omega.size() / 1000, qPrintable(QString::number(differ)));
        QVERIFY(close(*f.scores.sie, *r.sie, 1e-3));
        QVERIFY(close(*f.scores.lfe, *r.lfe, 1e-3));
        QVERIFY(close(*f.scores.sie1, *r.sie1, 1e-3));
    }

    void eightBitCodesClipTheEdit() {
        const test::Scene s = test::makeScene(64, 48, 9);
        Codes8 codes{64, 48, std::vector<std::uint8_t>(64 * 48 * 3, 100)};
        for (int i = 0; i < 64 * 10; ++i) codes.rgb[std::size_t(i) * 3 + 1] = 255; // top rows, green clipped
        Image edit(64, 48);
        const std::array<float, 256> table = ModelImagePath(ColourConfig::builtin()).decodeTable();
        for (std::size_t i = 0; i < codes.rgb.size(); ++i) edit.data()[i] = table[codes.rgb[i]];
        EvalInputs in;
        in.on = &s.on;
        in.off = &s.off;
        in.edit = &edit;
        in.editCodes = &codes;
        const EvalResult e = evaluate(in, {}, true);
        QCOMPARE(countSet(e.maps->masks.clippedEdit), std::size_t(640));
        for (int x = 0; x < 64; ++x) QCOMPARE(int(e.maps->masks.omega(x, 5)), 0);
        ref::Inputs ri{&s.on, &s.off, &edit, true, nullptr, nullptr, {}};
        ri.codes = &codes.rgb;
        MetricParams exact;
        exact.blurMethod = BlurMethod::ExactKernel;
        const EvalResult ex = evaluate(in, exact, true);
        const ref::Result r = ref::evaluate(ri);
        QVERIFY(toVec(ex.maps->masks.omega) == r.omega);
        // Reason plane: clipped-edit pixels that pass every earlier test are labelled clipped_edit.
        QCOMPARE(int(ex.maps->masks.reason(3, 2)), int(ExclusionReason::ClippedEdit));
    }
};

QTEST_GUILESS_MAIN(TestEngineVsReference)
#include "test_engine_vs_reference.moc"
