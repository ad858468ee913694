// EvalInputs::lowMemory (the desktop app's evaluations): the gradient images computed again row by
// row instead of stored, PSNR and SSIM a channel at a time instead of over two whole float images.
// Every score and every kept map equals the evaluation without it, bit for bit: for both tasks, an
// 8-bit edit (its codes) and a float edit (encoded in blocks), a precomputed target as the model saw
// it, sizes that do not fill the encoder's blocks, a size below SSIM's window, and each KeptMaps.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"
#include "metrics/ScoresJson.h"
#include "SyntheticScenes.h"

#include <QtTest>

#include <cstring>
#include <random>

using namespace ll;

namespace {

bool samePlane(const FloatPlane& a, const FloatPlane& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool sameImage(const Image& a, const Image& b) {
    return a.floatCount() == b.floatCount() && std::memcmp(a.data(), b.data(), a.floatCount() * sizeof(float)) == 0;
}

} // namespace

class TestLowMemoryEval : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sameScoresAndMaps_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("task");
        QTest::addColumn<bool>("codes");
        QTest::addColumn<bool>("targetSeen");
        QTest::newRow("700x90 on, 8-bit edit") << 700 << 90 << int(Task::On) << true << false;
        QTest::newRow("700x90 off, 8-bit edit") << 700 << 90 << int(Task::Off) << true << false;
        QTest::newRow("333x170 on, float edit") << 333 << 170 << int(Task::On) << false << false;
        QTest::newRow("333x170 off, float edit, target given") << 333 << 170 << int(Task::Off) << false << true;
        QTest::newRow("700x90 on, 8-bit edit, target given") << 700 << 90 << int(Task::On) << true << true;
        QTest::newRow("9x8 below SSIM's window") << 9 << 8 << int(Task::On) << true << false;
    }

    void sameScoresAndMaps() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, task);
        QFETCH(bool, codes);
        QFETCH(bool, targetSeen);
        const test::Scene scene = test::makeScene(width, height, 21);
        const ModelImagePath path(ColourConfig::builtin());
        const float k = 1.3f;
        const Task t = Task(task);
        Image wrong = t == Task::On ? scene.oracleEdit : scene.off;
        std::mt19937 rng(4);
        std::normal_distribution<float> noise(0.0f, 0.08f);
        for (std::size_t i = 0; i < wrong.floatCount(); ++i) wrong.data()[i] *= 1.0f + noise(rng);
        const Codes8 editCodes = path.toCodes(wrong, k);
        const Image edit = codes ? path.decode(editCodes, k) : wrong;
        const Image seen = path.encode(t == Task::On ? scene.on : scene.off, k);

        EvalInputs in;
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &edit;
        in.task = t;
        in.k = k;
        if (codes) in.editCodes = &editCodes;
        if (targetSeen) in.targetSeen = &seen;
        Mask region(width, height, 0);
        for (int y = height / 4; y < height / 2; ++y)
            for (int x = width / 3; x < width / 2; ++x) region(x, y) = 1;
        in.regions["shadow"] = region;
        EvalInputs low = in;
        low.lowMemory = true;

        MetricParams drawn; // the quantisation draws read the blurred light signal after the mask
        drawn.computeUncertainty = true;
        drawn.uncertaintyDraws = 3;
        for (const MetricParams& params : {MetricParams{}, drawn})
        for (const KeptMaps kept : {KeptMaps::None, KeptMaps::Compact, KeptMaps::All}) {
            const EvalResult a = evaluate(in, params, kept);
            const EvalResult b = evaluate(low, params, kept);
            QCOMPARE(QString::fromStdString(toJson(b.scores).dump()), QString::fromStdString(toJson(a.scores).dump()));
            if (params.computeUncertainty && codes && width > 100) QVERIFY(b.scores.uncertainty && b.scores.uncertainty->sieStd);
            QCOMPARE(b.scores.psnr.has_value(), a.scores.psnr.has_value());
            QCOMPARE(b.scores.ssim.has_value(), a.scores.ssim.has_value());
            if (a.scores.psnr) QCOMPARE(*b.scores.psnr, *a.scores.psnr);
            if (a.scores.ssim) QCOMPARE(*b.scores.ssim, *a.scores.ssim);
            if (kept == KeptMaps::None) continue;
            const EvalMaps& ma = *a.maps;
            const EvalMaps& mb = *b.maps;
            QVERIFY(samePlane(ma.lfeMap, mb.lfeMap));
            QVERIFY(samePlane(ma.lightSignal, mb.lightSignal));
            QVERIFY(ma.masks.omega.values() == mb.masks.omega.values());
            QVERIFY(ma.bandLabels.values() == mb.bandLabels.values());
            for (std::size_t c = 0; c < 3; ++c) QVERIFY(ma.omega80[c].values() == mb.omega80[c].values());
            if (kept == KeptMaps::All) { // kept whole: stored even with lowMemory
                QVERIFY(sameImage(ma.gradientReal, mb.gradientReal) && !mb.gradientReal.empty());
                QVERIFY(sameImage(ma.gradientEdit, mb.gradientEdit));
                QVERIFY(sameImage(ma.lfePerChannel, mb.lfePerChannel));
            }
        }
        // Nothing above was vacuous: the scores exist where the size allows them.
        const EvalResult r = evaluate(low, {}, KeptMaps::None);
        QVERIFY(r.scores.psnr.has_value());
        QCOMPARE(r.scores.ssim.has_value(), width >= 11 && height >= 11);
        if (width > 100) QVERIFY(r.scores.sie && r.scores.lfe);
    }

    // A workspace that held stored gradient images releases them for a low-memory call, and a later
    // call that stores them again gets the same scores.
    void workspaceSwitchesBetweenModes() {
        const test::Scene scene = test::makeScene(200, 120, 8);
        EvalInputs in;
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &scene.oracleEdit;
        in.task = Task::On;
        EvalInputs low = in;
        low.lowMemory = true;
        EvalWorkspace ws;
        const EvalResult first = evaluate(in, {}, KeptMaps::None, ws);
        QVERIFY(!ws.gradReal.empty());
        const EvalResult second = evaluate(low, {}, KeptMaps::None, ws);
        QVERIFY(ws.gradReal.empty() && ws.gradEdit.empty());
        const EvalResult third = evaluate(in, {}, KeptMaps::None, ws);
        for (const EvalResult* r : {&second, &third})
            QCOMPARE(QString::fromStdString(toJson(r->scores).dump()), QString::fromStdString(toJson(first.scores).dump()));
    }
};

QTEST_GUILESS_MAIN(TestLowMemoryEval)
#include "test_low_memory_eval.moc"
