// Properties the 3DLP metrics must have: a hand-computed 4x4 case, the invariance of paper A.1,
// do-nothing far worse than the oracle, degenerate inputs giving null scores with a reason (never NaN),
// and the same result bit for bit for 1 and 2 threads.
#include "SyntheticScenes.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/Evaluate.h"
#include "metrics/LightSignal.h"
#include "metrics/LowSignalMask.h"
#include "metrics/PairLight.h"
#include "metrics/ScoresJson.h"
#include "util/Error.h"

#include <QtTest>

#include <tbb/global_control.h>

#include <cmath>
#include <cstring>

using namespace ll;

namespace {

bool relClose(double a, double b, double rel) { return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b)); }

EvalInputs inputsFor(const Image& on, const Image& off, const Image& edit, Task task) {
    EvalInputs in;
    in.on = &on;
    in.off = &off;
    in.edit = &edit;
    in.task = task;
    return in;
}
// EvalInputs points at its images: a temporary edit would dangle.
EvalInputs inputsFor(const Image&, const Image&, Image&&, Task) = delete;

// An edit with a local error so that SIE and LFE are far from 0.
Image flawedEdit(const test::Scene& s, Task task) {
    Image g = task == Task::On ? s.oracleEdit : s.off;
    const int W = g.width(), H = g.height();
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            for (int c = 0; c < 3; ++c) {
                const double bump = std::exp(-((x - 0.7 * W) * (x - 0.7 * W) + (y - 0.6 * H) * (y - 0.6 * H)) / (0.02 * W * W));
                g.at(x, y, c) = float(g.at(x, y, c) * (1.0 + 0.8 * bump) + (task == Task::Off ? 0.05 * s.on.at(x, y, c) : 0.0));
            }
    return g;
}

void checkNoNaN(const EvalScores& s) {
    const std::string text = toJson(s).dump();
    QVERIFY2(text.find("NaN") == std::string::npos && text.find("nan") == std::string::npos, text.c_str());
}

} // namespace

class TestMetricProperties : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handComputed4x4() {
        // Turn-on, I_off = 1 everywhere, so E_R = I_on and E_G = G (all three channels equal).
        // E_R row by row: 2 3 4 5 / 6 7 8 9 / 10 11 12 13 / 14 15 16 101.
        // Light L = E_R - 1 = 1..15, 100. The image is 4x4: sigma = 0.08 px, radius int(0.32 + 0.5) = 0,
        // so the blurred L is L; P99 over 16 pixels: pos 0.99 * 15 = 14.85 -> 15 + 0.85 * 85 = 87.25,
        // threshold 0.8725 <= every L: Omega = all 16 pixels.
        // median(E_R) = (9 + 10) / 2 = 9.5; |E_R - 9.5| = 7.5 6.5 ... 0.5 0.5 ... 6.5 91.5 -> MAD = (3.5 + 4.5)/2 = 4.
        // The edit doubles everything (exposure) and gets the brightest pixel wrong: G = 2 E_R except
        // G(3,3) = 100 (instead of 202). median(G) = 19, MAD = 8 (the same sorted structure, doubled).
        // S(E_R) - S(E_G) = 0 everywhere except (3,3): (101 - 9.5)/4 - (100 - 19)/8 = 22.875 - 10.125 = 12.75.
        // SIE = 12.75 / 16 = 0.796875.
        // SIE1: (E_R - 1)/4 - (G - 1)/8 = -1/8 at the 15 ordinary pixels; at (3,3): 100/4 - 99/8 = 12.625.
        // SIE1 = (15 * 0.125 + 12.625) / 16 = 14.5 / 16 = 0.90625.
        // LFE: Omega-nabla is the inner 2x2; there E_R = 2 + x + 4y so |grad E_R| = sqrt(1 + 16) for all
        // four pixels: MAD(M_R) = 0, the real side is degenerate -> LFE null, degenerate.
        Image on(4, 4), off(4, 4, 1.0f), edit(4, 4);
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
                for (int c = 0; c < 3; ++c) {
                    const float v = (x == 3 && y == 3) ? 101.0f : float(2 + x + 4 * y);
                    on.at(x, y, c) = v;
                    edit.at(x, y, c) = (x == 3 && y == 3) ? 100.0f : 2.0f * v;
                }
        MetricParams p;
        p.computeClassic = false;
        EvalInputs in = inputsFor(on, off, edit, Task::On);
        in.k = 1.0f / 128.0f; // the model saw k * I < 1 everywhere, so every pixel is in the bands' pair mask
        const EvalResult r = evaluate(in, p, true);
        QCOMPARE(r.scores.validPixels, std::size_t(16));
        QCOMPARE(r.scores.ratioRealStats[0].median, 9.5);
        QCOMPARE(r.scores.ratioRealStats[0].mad, 4.0);
        QCOMPARE(r.scores.ratioEditStats[1].median, 19.0);
        QCOMPARE(r.scores.ratioEditStats[1].mad, 8.0);
        QVERIFY(r.scores.sie && std::abs(*r.scores.sie - 0.796875) < 1e-12);
        QVERIFY(r.scores.sie1 && std::abs(*r.scores.sie1 - 0.90625) < 1e-12);
        QCOMPARE(r.maps->sieMap(3, 3), 12.75f);
        QCOMPARE(r.maps->sieMap(0, 0), 0.0f);
        QVERIFY(!r.scores.lfe.has_value());
        QVERIFY(r.scores.degenerate);
        QVERIFY2(QString::fromStdString(r.scores.degenerateReason).contains("M_R"), r.scores.degenerateReason.c_str());
        QCOMPARE(countSet(r.maps->gradientDomain), std::size_t(4));
        // Bands: L = 100 is 100% (band 16-100), L = 15 is 15% (6-16), L = 1 is 1% (0-1).
        QCOMPARE(int(r.maps->bandLabels(3, 3)), 0);
        QCOMPARE(int(r.maps->bandLabels(2, 3)), 1);
        QCOMPARE(int(r.maps->bandLabels(0, 0)), 5);
        QCOMPARE(r.scores.bands.at("16-100").pixels, std::size_t(1));
        QVERIFY(!r.scores.bands.at("16-100").sie); // fewer than 100 pixels
        checkNoNaN(r.scores);
    }

    void invariantToAffineEdits_data() {
        QTest::addColumn<bool>("turnOn");
        QTest::newRow("turn on") << true;
        QTest::newRow("turn off") << false;
    }
    void invariantToAffineEdits() {
        // Paper A.1: with E_G' = c E_G + k per channel (c > 0, any k), SIE and LFE do not change.
        QFETCH(bool, turnOn);
        const Task task = turnOn ? Task::On : Task::Off;
        const test::Scene s = test::makeScene(128, 96, 21);
        const Image g0 = flawedEdit(s, task);
        const Image& den = turnOn ? s.off : s.on;
        MetricParams p;
        p.computeClassic = false;
        const EvalScores base = evaluate(inputsFor(s.on, s.off, g0, task), p).scores;
        QVERIFY(base.sie && base.lfe && *base.sie > 0.05 && *base.lfe > 0.05);
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> cs(0.3, 3.0), ks(-0.5, 0.5);
        for (int trial = 0; trial < 4; ++trial) {
            const double C[3] = {cs(rng), cs(rng), cs(rng)};
            const double K[3] = {ks(rng), ks(rng), ks(rng)};
            // G' = C G + K * denominator  =>  E_G' = C E_G + K.
            const Image g1 = test::affineEdit(g0, den, C, K);
            const EvalScores t = evaluate(inputsFor(s.on, s.off, g1, task), p).scores;
            QVERIFY(t.sie && t.lfe);
            // Exact in real arithmetic; here G' and E are float32, and a rounding of 6e-8 |E| becomes
            // 6e-8 |E| / MAD in S(E): measured SIE drift up to 2e-6 relative, so the bound is 1e-5.
            // For LFE a gradient within rounding of the P80 threshold can also enter or leave Omega80,
            // moving LFE by about 1/|Omega80| (measured up to 2e-5 relative): bound 1e-4.
            QVERIFY2(relClose(*t.sie, *base.sie, 1e-5), qPrintable(QString("SIE %1 vs %2").arg(*t.sie, 0, 'g', 12).arg(*base.sie, 0, 'g', 12)));
            QVERIFY2(relClose(*t.lfe, *base.lfe, 1e-4), qPrintable(QString("LFE %1 vs %2").arg(*t.lfe, 0, 'g', 12).arg(*base.lfe, 0, 'g', 12)));
            // SIE1 penalises exposure / white balance: it does change.
            QVERIFY(!relClose(*t.sie1, *base.sie1, 1e-3));
        }
        // With a power-of-two scale and no shift every float operation is exact: identical to 1e-12.
        {
            const double C[3] = {2.0, 0.5, 4.0}, K[3] = {0.0, 0.0, 0.0};
            const Image g1 = test::affineEdit(g0, den, C, K);
            const EvalScores t = evaluate(inputsFor(s.on, s.off, g1, task), p).scores;
            QVERIFY(relClose(*t.sie, *base.sie, 1e-12) && relClose(*t.lfe, *base.lfe, 1e-12));
        }
        // The oracle edit (E_G an affine map of E_R) scores ~0.
        if (turnOn) {
            const EvalScores o = evaluate(inputsFor(s.on, s.off, s.oracleEdit, task), p).scores;
            QVERIFY2(*o.sie < 1e-4 && *o.lfe < 1e-3, qPrintable(QString("%1 %2").arg(*o.sie).arg(*o.lfe)));
        }
    }

    void doNothingIsFarWorseThanOracle_data() {
        QTest::addColumn<bool>("turnOn");
        QTest::newRow("turn on") << true;
        QTest::newRow("turn off") << false;
    }
    void doNothingIsFarWorseThanOracle() {
        QFETCH(bool, turnOn);
        const Task task = turnOn ? Task::On : Task::Off;
        const test::Scene s = test::makeScene(160, 120, 33);
        const ModelImagePath path(ColourConfig::builtin());
        const float k = exposureForPercentile(s.on);
        // Both go through the 8-bit path like a model output.
        const Image& input = turnOn ? s.off : s.on;
        const Image& target = turnOn ? s.on : s.off;
        const Codes8 nothingCodes = path.toCodes(input, k), oracleCodes = path.toCodes(target, k);
        const Image nothing = path.decode(nothingCodes, k), oracle = path.decode(oracleCodes, k);
        EvalInputs a = inputsFor(s.on, s.off, nothing, task), b = inputsFor(s.on, s.off, oracle, task);
        a.k = b.k = k;
        a.editCodes = &nothingCodes;
        b.editCodes = &oracleCodes;
        a.modelPath = b.modelPath = &path;
        const EvalScores sn = evaluate(a).scores, so = evaluate(b).scores;
        QVERIFY(sn.sie && so.sie && sn.lfe && so.lfe);
        QVERIFY2(*sn.sie > 4.0 * *so.sie, qPrintable(QString("%1 vs %2").arg(*sn.sie).arg(*so.sie)));
        QVERIFY2(*sn.lfe > 1.5 * *so.lfe, qPrintable(QString("%1 vs %2").arg(*sn.lfe).arg(*so.lfe)));
        QVERIFY(so.psnr && so.ssim && *so.ssim > 0.95);
    }

    void degenerateInputsGiveNullAndAReason() {
        MetricParams p;
        auto check = [&](const Image& on, const Image& off, const Image& edit, const Mask* window, const char* what,
                         bool expectEmpty) {
            EvalInputs in = inputsFor(on, off, edit, Task::On);
            in.window = window;
            const EvalScores s = evaluate(in, p).scores;
            QVERIFY2(s.degenerate, what);
            QVERIFY2(!s.degenerateReason.empty(), what);
            QVERIFY2(!s.sie && !s.lfe && !s.sie1, what);
            if (expectEmpty) QCOMPARE(s.validPixels, std::size_t(0));
            for (const auto& [k, b] : s.bands) QVERIFY(!b.sie && !b.lfe);
            checkNoNaN(s);
        };
        const Image c5(40, 30, 0.5f), c1(40, 30, 1.0f);
        check(c5, c5, c5, nullptr, "constant, no light change", true);
        check(c1, c5, c5, nullptr, "constant light change (E_R constant)", false);
        const test::Scene s = test::makeScene(40, 30, 3);
        const Mask all(40, 30, 1);
        check(s.on, s.off, s.oracleEdit, &all, "all window", true);
        Image nan = s.oracleEdit;
        for (std::size_t i = 0; i < nan.floatCount(); ++i) nan.data()[i] = NAN;
        check(s.on, s.off, nan, nullptr, "NaN edit", true);
        const Image zero(40, 30, 0.0f);
        check(s.on, zero, s.oracleEdit, nullptr, "zero denominator", true);
        // Tiny images: no crash; 2x2 has no gradient domain.
        const Image t1(2, 2, 1.0f), t2(2, 2, 0.5f);
        Image t3(2, 2);
        for (int i = 0; i < 12; ++i) t3.data()[i] = 0.1f * float(i + 1);
        const EvalScores tiny = evaluate(inputsFor(t1, t2, t3, Task::On), p).scores;
        QVERIFY(!tiny.lfe && tiny.degenerate && !tiny.ssim);
        checkNoNaN(tiny);
        // Mismatched sizes are an input error, not a crash.
        const Image other(41, 30, 0.5f);
        QVERIFY_THROWS_EXCEPTION(ll::Error, evaluate(inputsFor(c5, c5, other, Task::On), p));
    }

    void sameResultForOneAndTwoThreads() {
        const test::Scene s = test::makeScene(200, 150, 44);
        const ModelImagePath path(ColourConfig::builtin());
        const Codes8 codes = path.toCodes(flawedEdit(s, Task::On), 1.0f);
        const Image edit = path.decode(codes, 1.0f);
        EvalInputs in = inputsFor(s.on, s.off, edit, Task::On);
        in.editCodes = &codes;
        in.modelPath = &path;
        Mask region(200, 150);
        for (int y = 20; y < 120; ++y)
            for (int x = 30; x < 150; ++x) region(x, y) = 1;
        in.regions["metallic"] = region;
        MetricParams p;
        p.computeUncertainty = true;
        p.uncertaintyDraws = 6;
        auto run = [&](int threads) {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
            return evaluate(in, p).scores;
        };
        const EvalScores a = run(1), b = run(2);
        auto same = [](const std::optional<double>& x, const std::optional<double>& y) {
            return x.has_value() == y.has_value() && (!x || std::memcmp(&*x, &*y, sizeof(double)) == 0);
        };
        QVERIFY(a.sie && a.lfe && a.uncertainty && a.uncertainty->sieStd);
        QVERIFY(same(a.sie, b.sie) && same(a.lfe, b.lfe) && same(a.sie1, b.sie1));
        QVERIFY(same(a.psnr, b.psnr) && same(a.ssim, b.ssim));
        QVERIFY(same(a.regions.at("metallic").sie, b.regions.at("metallic").sie));
        QVERIFY(same(a.regions.at("metallic").lfe, b.regions.at("metallic").lfe));
        for (const auto& [k, v] : a.bands) QVERIFY(same(v.sie, b.bands.at(k).sie) && same(v.lfe, b.bands.at(k).lfe));
        QVERIFY(same(a.uncertainty->sieStd, b.uncertainty->sieStd));
        QVERIFY(same(a.uncertainty->lfeStd, b.uncertainty->lfeStd));
        QCOMPARE(toJson(a).dump(), toJson(b).dump());
        // The quantisation uncertainty is small next to the score (paper A.2) but not zero.
        QVERIFY(*a.uncertainty->sieStd > 0 && *a.uncertainty->sieStd < 0.05 * *a.sie);
    }

    // A caller that keeps the pair's blurred light signal (the batch runner) gets exactly the
    // evaluation that computes it; a blurred map of the wrong size is refused.
    void callerBlurredLightGivesTheSameResult() {
        const test::Scene s = test::makeScene(160, 120, 12);
        const Image edit = flawedEdit(s, Task::Off);
        EvalInputs in = inputsFor(s.on, s.off, edit, Task::Off);
        MetricParams p;
        const EvalResult plain = evaluate(in, p, true);
        const FloatPlane blurred = blurLightSignal(lightSignal(s.on, s.off), p);
        in.blurredLight = &blurred;
        const EvalResult kept = evaluate(in, p, true);
        QCOMPARE(toJson(kept.scores).dump(), toJson(plain.scores).dump());
        QVERIFY(kept.maps->blurredSignal.values() == plain.maps->blurredSignal.values());
        QVERIFY(kept.maps->masks.omega.values() == plain.maps->masks.omega.values());
        const FloatPlane wrong(80, 60);
        in.blurredLight = &wrong;
        QVERIFY_THROWS_EXCEPTION(Error, evaluate(in, p));
    }

    // A caller that keeps the pair's light signal, its blur and the blur's percentile (PairLight, the
    // batch runner) gets exactly the evaluation that computes them, for both tasks and with the
    // quantisation Monte Carlo (whose draws get them too); a different percentile is used as given,
    // and inconsistent inputs are refused.
    void callerPairLightGivesTheSameResult() {
        const test::Scene s = test::makeScene(160, 120, 13);
        MetricParams p;
        p.computeUncertainty = true;
        p.uncertaintyDraws = 4;
        const PairLight pl = pairLight(s.on, s.off, p);
        const ModelImagePath path(ColourConfig::builtin());
        for (Task task : {Task::On, Task::Off}) {
            const Codes8 codes = path.toCodes(flawedEdit(s, task), 1.0f);
            const Image decoded = path.decode(codes, 1.0f);
            EvalInputs in = inputsFor(s.on, s.off, decoded, task);
            in.editCodes = &codes;
            const EvalResult plain = evaluate(in, p, true);
            QVERIFY(plain.scores.uncertainty && plain.scores.uncertainty->sieStd);
            pl.into(in);
            const EvalResult kept = evaluate(in, p, true);
            QCOMPARE(toJson(kept.scores).dump(), toJson(plain.scores).dump());
            QVERIFY(kept.maps->lightSignal.values() == plain.maps->lightSignal.values());
            QVERIFY(kept.maps->blurredSignal.values() == plain.maps->blurredSignal.values());
            QVERIFY(kept.maps->masks.reason.values() == plain.maps->masks.reason.values());
            // The percentile is taken as given: 50 times the true one raises the low-signal threshold.
            in.blurredPercentile = 50.0 * pl.blurredPercentile;
            const EvalResult raised = evaluate(in, p, false);
            QCOMPARE(raised.scores.lowSignalThreshold, 50.0 * plain.scores.lowSignalThreshold);
            QVERIFY(raised.scores.validPixels < plain.scores.validPixels);
        }
        const Image edit = flawedEdit(s, Task::On);
        EvalInputs in = inputsFor(s.on, s.off, edit, Task::On);
        in.blurredPercentile = pl.blurredPercentile; // without the blurred signal it belongs to
        QVERIFY_THROWS_EXCEPTION(Error, evaluate(in, p));
        in.blurredPercentile.reset();
        const FloatPlane wrong(80, 60);
        in.light = &wrong;
        QVERIFY_THROWS_EXCEPTION(Error, evaluate(in, p));
    }
};

QTEST_GUILESS_MAIN(TestMetricProperties)
#include "test_metric_properties.moc"
