// The 8-bit quantisation uncertainty (metrics/QuantisationUncertainty.h, through evaluate()) against
// a brute-force Monte Carlo written here on a tiny scene: each draw replaces every code v of the edit
// by a uniform draw in [(v - 0.5) / 255, (v + 0.5) / 255] (clamped to [0, 1]; its own random numbers,
// std::mt19937_64), linearises it through the model path, divides by k, and scores it with evaluate()
// on the same codes (so the same Omega); the reported figure is the sample standard deviation. The
// two estimates are independent Monte Carlo runs of 400 draws: each has a relative standard error of
// about 1 / sqrt(2 * 399) = 3.5%, so they must agree within 20% (four standard errors of the difference).
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"
#include "metrics/QuantisationUncertainty.h"
#include "metrics/SyntheticScenes.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;

namespace {

double sampleStd(const std::vector<double>& v) {
    double mean = 0;
    for (double x : v) mean += x;
    mean /= double(v.size());
    double ss = 0;
    for (double x : v) ss += (x - mean) * (x - mean);
    return std::sqrt(ss / double(v.size() - 1));
}

} // namespace

class TestQuantisationUncertainty : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesABruteForceMonteCarlo_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<double>("k");
        QTest::newRow("turn on, k 1") << int(Task::On) << 1.0;
        QTest::newRow("turn on, k 1.7") << int(Task::On) << 1.7;
        QTest::newRow("turn off, k 2.5") << int(Task::Off) << 2.5;
    }
    void matchesABruteForceMonteCarlo() {
        QFETCH(int, task);
        QFETCH(double, k);
        constexpr int kDraws = 400;
        const test::Scene scene = test::makeScene(40, 30, 5);
        const ModelImagePath path(ColourConfig::builtin());
        // A slightly wrong edit (so the scores are not zero), quantised as a model would see it.
        Image wrong = task == int(Task::On) ? scene.oracleEdit : scene.off;
        for (std::size_t i = 0; i < wrong.floatCount(); ++i) wrong.data()[i] *= 0.9f + 0.2f * float(i % 7) / 7.0f;
        const Codes8 codes = path.toCodes(wrong, float(k));
        const Image edit = path.decode(codes, float(k));

        EvalInputs in;
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &edit;
        in.editCodes = &codes;
        in.task = Task(task);
        in.k = float(k);
        in.modelPath = &path;
        MetricParams params;
        params.computeUncertainty = true;
        params.uncertaintyDraws = kDraws;
        const EvalScores reported = evaluate(in, params).scores;
        QVERIFY(reported.sie && reported.lfe);
        QVERIFY(reported.uncertainty);
        QCOMPARE(reported.uncertainty->draws, kDraws);
        QVERIFY(reported.uncertainty->sieStd && reported.uncertainty->lfeStd);

        std::mt19937_64 rng(12345);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::vector<double> sie, lfe;
        params.computeUncertainty = false;
        for (int d = 0; d < kDraws; ++d) {
            Image enc(codes.width, codes.height);
            for (std::size_t i = 0; i < codes.rgb.size(); ++i)
                enc.data()[i] = float(std::clamp((codes.rgb[i] - 0.5 + u(rng)) / 255.0, 0.0, 1.0));
            enc.info.isFloat = true; // continuous values: through the transfer function, not the code table
            enc.info.bitsPerSample = 32;
            const Image drawn = path.decode(enc, float(k));
            EvalInputs di = in;
            di.edit = &drawn;
            const EvalScores s = evaluate(di, params).scores;
            QVERIFY(s.sie && s.lfe);
            sie.push_back(*s.sie);
            lfe.push_back(*s.lfe);
        }
        const double sieStd = sampleStd(sie), lfeStd = sampleStd(lfe);
        const QString what = QString("SIE std %1 (brute force %2), LFE std %3 (brute force %4), SIE %5")
                                 .arg(*reported.uncertainty->sieStd).arg(sieStd).arg(*reported.uncertainty->lfeStd).arg(lfeStd).arg(*reported.sie);
        qInfo("%s", qPrintable(what));
        QVERIFY2(sieStd > 0 && lfeStd > 0, qPrintable(what));
        QVERIFY2(std::abs(*reported.uncertainty->sieStd / sieStd - 1) < 0.2, qPrintable(what));
        QVERIFY2(std::abs(*reported.uncertainty->lfeStd / lfeStd - 1) < 0.2, qPrintable(what));
    }

    // A draw is scored as the evaluation scores the edit: the unperturbed edit through scoreDraw gives
    // the reported SIE, LFE and SIE1 bit for bit: the spread is measured with the arithmetic of the score
    // (the draws were once scored by a second SIE/LFE implementation on float ratio images).
    void aDrawIsScoredAsTheEvaluationScoresTheEdit() {
        const test::Scene scene = test::makeScene(64, 48, 8);
        const ModelImagePath path(ColourConfig::builtin());
        Image wrong = scene.oracleEdit;
        for (std::size_t i = 0; i < wrong.floatCount(); ++i) wrong.data()[i] *= 0.85f + 0.3f * float(i % 5) / 5.0f;
        const Codes8 codes = path.toCodes(wrong, 1.3f);
        const Image edit = path.decode(codes, 1.3f);
        Mask window(64, 48);
        for (int x = 0; x < 10; ++x) window(x, 3) = 1;
        EvalInputs in;
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &edit;
        in.editCodes = &codes;
        in.k = 1.3f;
        in.window = &window;
        in.modelPath = &path;
        const EvalResult whole = evaluate(in, {}, KeptMaps::All);
        QVERIFY(whole.scores.sie && whole.scores.lfe && whole.scores.sie1);
        Mask clipped(64, 48);
        for (std::size_t i = 0; i < clipped.size(); ++i)
            clipped[i] = whole.maps->masks.reason[i] == std::uint8_t(ExclusionReason::ClippedEdit);
        McFixed f;
        f.inputs = &in;
        f.clippedEdit = &clipped;
        f.blurredLight = &whole.maps->blurredSignal;
        f.codes = &codes;
        f.path = &path;
        EvalWorkspace ws;
        const McScores s = scoreDraw(f, edit, {}, ws);
        QVERIFY(s.sie && s.lfe && s.sie1);
        QCOMPARE(*s.sie, *whole.scores.sie);
        QCOMPARE(*s.lfe, *whole.scores.lfe);
        QCOMPARE(*s.sie1, *whole.scores.sie1);
        QVERIFY(*s.sie == *whole.scores.sie && *s.lfe == *whole.scores.lfe); // bit for bit
    }
};

QTEST_GUILESS_MAIN(TestQuantisationUncertainty)
#include "test_quantisation_uncertainty.moc"
