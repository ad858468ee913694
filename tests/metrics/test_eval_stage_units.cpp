// Each stage of the evaluation (EvalRun.h) on its own, run after the stages it depends on, against an
// independent computation: the slow scalar reference (ReferenceMetrics.h) for the masks, medians,
// MADs, gradients and scores, hand calculations for PSNR/SSIM of constant images, the failure
// reasons of a flat edit and a lightless pair; then the stages in order against evaluate().
#include "ReferenceMetrics.h"
#include "SyntheticScenes.h"
#include "colour/ColourConfig.h"
#include "metrics/EvalRun.h"
#include "metrics/Evaluate.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace ll;

namespace {

bool close(double a, double b, double rel, double abs = 0.0) {
    return std::abs(a - b) <= std::max(abs, rel * std::max(std::abs(a), std::abs(b)));
}

using test::rectMask;

std::vector<std::uint8_t> toVec(const Mask& m) { return test::maskValues(m); }

// A turn-on case: the generated scene, an imperfect edit (a wrong highlight, noise), a window, two
// regions, a non-finite pixel and a zero denominator.
struct Case {
    static constexpr int W = 96, H = 72;
    test::Scene scene = test::makeScene(W, H, 11);
    Image edit;
    Mask window = rectMask(W, H, 0, 0, W / 6, H / 5);
    EvalInputs in;
    MetricParams params;
    ref::Result ref;
    std::vector<double> ER, EG; // E_R, E_G in double, 0 outside the reference's Omega

    Case() {
        scene.on.at(40, 30, 1) = std::numeric_limits<float>::quiet_NaN();
        scene.off.at(41, 30, 2) = 0.0f;
        edit = scene.oracleEdit;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x)
                for (int c = 0; c < 3; ++c) {
                    float& v = edit.at(x, y, c);
                    if (x > W / 5 && x < W / 3 && y > H / 4 && y < H / 2) v *= 1.6f;
                    v *= 1.0f + 0.01f * float(((x * 7 + y * 13 + c * 5) % 11) - 5) / 5.0f;
                }
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &edit;
        in.task = Task::On;
        in.window = &window;
        in.regions["shadow"] = rectMask(W, H, W / 4, H / 4, W / 2, H / 2);
        in.regions["metallic"] = rectMask(W, H, W / 2, H / 3, W - 2, H - 2);
        params.blurMethod = BlurMethod::ExactKernel; // the reference's blur
        params.computeClassic = false;

        ref::Inputs ri{&scene.on, &scene.off, &edit, true, nullptr, nullptr, {}};
        static std::vector<std::uint8_t> win;
        win = toVec(window);
        ri.window = &win;
        for (const auto& [k, m] : in.regions) ri.regions[k] = toVec(m);
        ref = ref::evaluate(ri);
        ER.assign(3 * std::size_t(W * H), 0.0);
        EG.assign(3 * std::size_t(W * H), 0.0);
        for (std::size_t i = 0; i < std::size_t(W * H); ++i)
            if (ref.omega[i])
                for (int c = 0; c < 3; ++c) {
                    const double d = scene.off.data()[3 * i + std::size_t(c)];
                    ER[3 * i + std::size_t(c)] = scene.on.data()[3 * i + std::size_t(c)] / d;
                    EG[3 * i + std::size_t(c)] = edit.data()[3 * i + std::size_t(c)] / d;
                }
    }

    // The reference's gradient magnitude of E at pixel i, channel c.
    double grad(const std::vector<double>& E, int i, int c) const {
        const double gx = (E[std::size_t(3 * (i + 1) + c)] - E[std::size_t(3 * (i - 1) + c)]) / 2;
        const double gy = (E[std::size_t(3 * (i + W) + c)] - E[std::size_t(3 * (i - W) + c)]) / 2;
        return std::sqrt(gx * gx + gy * gy);
    }
};

// The stages before the one under test, in evaluate()'s order (without PSNR/SSIM).
void validityThroughSie(EvalRun& run) {
    validityStage(run);
    standardisationStage(run);
    sieStage(run);
}

void validityThroughLfe(EvalRun& run) {
    validityThroughSie(run);
    lfeStage(run);
}

} // namespace

class TestEvalStageUnits : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void validityStageGivesTheReferenceMaskAndReasons() {
        Case k;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityStage(run);
        QVERIFY(k.ref.valid > 1000);
        QCOMPARE(run.scores.validPixels, k.ref.valid);
        QVERIFY(toVec(ws.omega) == k.ref.omega);
        for (std::size_t i = 0; i < k.ref.blurred.size(); ++i) QVERIFY(close(ws.blurred[i], k.ref.blurred[i], 1e-6, 1e-9));
        QCOMPARE(int(ws.reason(40, 30)), int(ExclusionReason::NonFinite));
        QCOMPARE(int(ws.reason(41, 30)), int(ExclusionReason::NonPositiveDenominator));
        QCOMPARE(int(ws.reason(2, 2)), int(ExclusionReason::Window));
        QVERIFY(!run.empty);
        QVERIFY(run.reasons.empty());
    }

    void validityStageOfALightlessPairLeavesNoValidPixel() {
        Case k;
        k.in.on = &k.scene.off; // nothing added by the light
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityStage(run);
        QVERIFY(run.empty);
        QCOMPARE(run.scores.validPixels, std::size_t(0));
        QVERIFY(run.reasons.text.find("no added light") != std::string::npos);
        QVERIFY(run.reasons.text.find("empty validity mask") != std::string::npos);
    }

    void standardisationStageGivesTheMediansAndMadsOverOmega() {
        Case k;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityStage(run);
        standardisationStage(run);
        for (int c = 0; c < 3; ++c) {
            std::vector<double> r, g;
            for (std::size_t i = 0; i < k.ref.omega.size(); ++i)
                if (k.ref.omega[i]) {
                    r.push_back(k.ER[3 * i + std::size_t(c)]);
                    g.push_back(k.EG[3 * i + std::size_t(c)]);
                }
            const auto [mr, dr] = ref::medianMad(r);
            const auto [mg, dg] = ref::medianMad(g);
            const ChannelStats& sr = run.scores.ratioRealStats[std::size_t(c)];
            const ChannelStats& sg = run.scores.ratioEditStats[std::size_t(c)];
            QVERIFY2(close(sr.median, mr, 1e-6), qPrintable(QString("%1 vs %2").arg(sr.median).arg(mr)));
            QVERIFY(close(sr.mad, dr, 1e-6));
            QVERIFY(close(sg.median, mg, 1e-6));
            QVERIFY(close(sg.mad, dg, 1e-6));
            QVERIFY(!sr.floored && !sg.floored);
        }
        QVERIFY(run.sieDefined);
    }

    void standardisationStageFailsAFlatEdit() {
        Case k;
        Image flat = k.scene.off; // E_G = 1 everywhere: MAD 0
        k.in.edit = &flat;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityStage(run);
        standardisationStage(run);
        QVERIFY(!run.sieDefined);
        QVERIFY(run.editReasons.text.find("MAD of E_G below") != std::string::npos);
        QVERIFY(run.editReasons.text.find("flat edit") != std::string::npos);
        for (int c = 0; c < 3; ++c) QVERIFY(run.scores.ratioEditStats[std::size_t(c)].floored);
    }

    void classicStageScoresConstantImagesAsByHand() {
        Case k;
        Image target(Case::W, Case::H);
        for (std::size_t i = 0; i < target.floatCount(); ++i) target.data()[i] = 0.5f;
        Codes8 codes{Case::W, Case::H, std::vector<std::uint8_t>(target.floatCount(), 128)};
        k.in.targetSeen = &target;
        k.in.editCodes = &codes;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        classicStage(run);
        // MSE = (128/255 - 1/2)^2 = (1/510)^2, PSNR = 10 log10(1 / MSE) = 20 log10(510), with 128/255
        // as the float the edit holds (2.4e-6 relative from the exact value).
        const double seen = double(128.0f / 255.0f);
        QVERIFY(run.scores.psnr);
        QVERIFY2(close(*run.scores.psnr, -20.0 * std::log10(seen - 0.5), 1e-9),
                 qPrintable(QString::number(*run.scores.psnr, 'g', 12)));
        QVERIFY(close(*run.scores.psnr, 20.0 * std::log10(510.0), 1e-5));
        // Constant images: no variance, so SSIM is the luminance term (2 mx my + C1) / (mx^2 + my^2 + C1).
        const double mx = seen, my = 0.5, c1 = 0.01 * 0.01;
        QVERIFY(run.scores.ssim);
        QVERIFY(close(*run.scores.ssim, (2 * mx * my + c1) / (mx * mx + my * my + c1), 1e-6));
    }

    // M_R and M_G on Omega-nabla (what the later stages read); when the maps keep them, 0 outside it.
    void sieStageGivesTheReferenceSieGradientsAndDomain() {
        for (const KeptMaps kept : {KeptMaps::None, KeptMaps::All}) {
            Case k;
            EvalWorkspace ws;
            EvalRun run(k.in, k.params, kept, ws);
            validityThroughSie(run);
            QVERIFY(toVec(ws.domain) == k.ref.omegaGrad);
            for (int i = 0; i < Case::W * Case::H; ++i) {
                const bool inDomain = k.ref.omegaGrad[std::size_t(i)];
                if (!inDomain && kept == KeptMaps::None) continue; // not read, not kept
                for (int c = 0; c < 3; ++c) {
                    const double r = inDomain ? k.grad(k.ER, i, c) : 0.0;
                    const double g = inDomain ? k.grad(k.EG, i, c) : 0.0;
                    QVERIFY(close(ws.gradReal.data()[3 * i + c], r, 1e-6, 1e-12));
                    QVERIFY(close(ws.gradEdit.data()[3 * i + c], g, 1e-6, 1e-12));
                }
            }
            QVERIFY(run.scores.sie && k.ref.sie && run.scores.sie1 && k.ref.sie1);
            QVERIFY(close(*run.scores.sie, *k.ref.sie, 1e-6));
            QVERIFY(close(*run.scores.sie1, *k.ref.sie1, 1e-6));
            QVERIFY(!run.scores.lfe); // the next stage's
        }
    }

    void lfeStageGivesTheReferenceOmega80StatsAndLfe() {
        Case k;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityThroughLfe(run);
        for (int c = 0; c < 3; ++c) {
            std::vector<double> r, g;
            for (int i = 0; i < Case::W * Case::H; ++i) {
                const bool bit = (ws.omega80Bits[std::size_t(i)] >> c) & 1u;
                QCOMPARE(int(bit), int(k.ref.omega80[std::size_t(c)][std::size_t(i)]));
                if (bit) {
                    r.push_back(k.grad(k.ER, i, c));
                    g.push_back(k.grad(k.EG, i, c));
                }
            }
            QCOMPARE(run.omega80Pixels[std::size_t(c)], r.size());
            const auto [mr, dr] = ref::medianMad(r);
            const auto [mg, dg] = ref::medianMad(g);
            QVERIFY(close(run.scores.gradientRealStats[std::size_t(c)].median, mr, 1e-6));
            QVERIFY(close(run.scores.gradientRealStats[std::size_t(c)].mad, dr, 1e-6));
            QVERIFY(close(run.scores.gradientEditStats[std::size_t(c)].median, mg, 1e-6));
            QVERIFY(close(run.scores.gradientEditStats[std::size_t(c)].mad, dg, 1e-6));
        }
        QVERIFY(run.lfeDefined && run.scores.lfe && k.ref.lfe);
        QVERIFY(close(*run.scores.lfe, *k.ref.lfe, 1e-6));
    }

    void regionsStageGivesTheReferenceRegionScores() {
        Case k;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityThroughLfe(run);
        QVERIFY(run.scores.regions.empty());
        regionsStage(run);
        QCOMPARE(run.scores.regions.size(), std::size_t(2));
        for (const auto& [name, rs] : k.ref.regionSie) {
            const RegionScore& es = run.scores.regions.at(name);
            QVERIFY(rs && es.sie);
            QVERIFY(close(*es.sie, *rs, 1e-6));
            const auto& rl = k.ref.regionLfe.at(name);
            QVERIFY(rl && es.lfe);
            QVERIFY(close(*es.lfe, *rl, 1e-6));
        }
        QCOMPARE(run.scores.bands.size(), std::size_t(6));
    }

    void uncertaintyStageRunsOnlyForAnEightBitEditWithAScore() {
        Case k;
        k.params.computeUncertainty = true;
        k.params.uncertaintyDraws = 4;
        const ModelImagePath path(ColourConfig::builtin());
        const Codes8 codes = path.toCodes(k.edit, 1.0f);
        Image decoded(Case::W, Case::H);
        const std::array<float, 256>& table = path.decodeTable();
        for (std::size_t i = 0; i < codes.rgb.size(); ++i) decoded.data()[i] = table[codes.rgb[i]];
        k.in.edit = &decoded;
        auto prepared = validityThroughLfe;
        {
            EvalWorkspace ws;
            EvalRun run(k.in, k.params, KeptMaps::None, ws); // no codes
            prepared(run);
            QVERIFY(!uncertaintyApplies(run));
        }
        k.in.editCodes = &codes;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        prepared(run);
        QVERIFY(uncertaintyApplies(run));
        uncertaintyStage(run);
        QVERIFY(run.scores.uncertainty);
        QCOMPARE(run.scores.uncertainty->draws, 4);
        // Re-quantising 8-bit codes moves SIE by a fraction of its value, never by nothing.
        QVERIFY(run.scores.uncertainty->sieStd && *run.scores.uncertainty->sieStd > 0.0);
        QVERIFY(*run.scores.uncertainty->sieStd < 0.1 * *run.scores.sie);
    }

    void finishRunKeepsTheMasksAndJoinsTheReasons() {
        Case k;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::All, ws);
        validityThroughLfe(run);
        regionsStage(run);
        run.reasons.add("first");
        run.reasons.add("second");
        const EvalResult r = finishRun(run);
        QCOMPARE(r.scores.degenerateReason, std::string("first; second"));
        QVERIFY(r.scores.degenerate && !r.scores.editFailure);
        QVERIFY(r.maps);
        QVERIFY(toVec(r.maps->masks.omega) == k.ref.omega);
        QVERIFY(toVec(r.maps->gradientDomain) == k.ref.omegaGrad);
        for (int c = 0; c < 3; ++c) QVERIFY(toVec(r.maps->omega80[std::size_t(c)]) == k.ref.omega80[std::size_t(c)]);
        QCOMPARE(r.maps->masks.nonFinite(40, 30), std::uint8_t(1));
        QCOMPARE(r.maps->masks.window(2, 2), std::uint8_t(1));
    }

    void theStagesInOrderAreEvaluate() {
        Case k;
        k.params.computeClassic = true;
        EvalWorkspace ws;
        EvalRun run(k.in, k.params, KeptMaps::None, ws);
        validityStage(run);
        standardisationStage(run);
        classicStage(run);
        sieStage(run);
        lfeStage(run);
        regionsStage(run);
        const EvalResult byStages = finishRun(run);
        const EvalResult whole = evaluate(k.in, k.params, KeptMaps::None);
        QCOMPARE(*byStages.scores.sie, *whole.scores.sie);
        QCOMPARE(*byStages.scores.lfe, *whole.scores.lfe);
        QCOMPARE(*byStages.scores.sie1, *whole.scores.sie1);
        QCOMPARE(*byStages.scores.psnr, *whole.scores.psnr);
        QCOMPARE(*byStages.scores.ssim, *whole.scores.ssim);
        QCOMPARE(*byStages.scores.regions.at("shadow").lfe, *whole.scores.regions.at("shadow").lfe);
    }
};

QTEST_GUILESS_MAIN(TestEvalStageUnits)
#include "test_eval_stage_units.moc"
