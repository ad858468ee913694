// Revision 2 of the metric definitions in the engine (spec metrics-3dlp.md): a degenerate edit (blank,
// constant ratio, clipped wherever the pair is valid) has no score and is flagged as the edit's own
// failure, while a degenerate real pair is not; the intensity bands are a property of the real pair
// alone (the same partition for every edit and both tasks, the maximum taken over the pair mask that
// leaves out pixels the model saw saturated); a resized 8-bit edit gets a quantisation uncertainty.
#include "SyntheticScenes.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "image/Resample.h"
#include "metrics/BandPairMask.h"
#include "metrics/Evaluate.h"

#include <QtTest>

#include <cmath>

using namespace ll;

namespace {

EvalInputs inputsFor(const Image& on, const Image& off, const Image& edit, Task task, float k) {
    EvalInputs in;
    in.on = &on;
    in.off = &off;
    in.edit = &edit;
    in.task = task;
    in.k = k;
    return in;
}
// EvalInputs points at its images: a temporary edit would dangle.
EvalInputs inputsFor(const Image&, const Image&, Image&&, Task, float) = delete;

// A scene whose probe is seen saturated by the model: a 3x3 "bulb" 50 times brighter than anything else.
test::Scene sceneWithBulb(int W, int H) {
    test::Scene s = test::makeScene(W, H, 21);
    for (int y = H / 2 - 1; y <= H / 2 + 1; ++y)
        for (int x = W / 3 - 1; x <= W / 3 + 1; ++x)
            for (int c = 0; c < 3; ++c) s.on.at(x, y, c) = 50.0f;
    return s;
}

// max of L = mean_c max(on - off, 0) over the pixels where every channel of on and off is finite and
// > 0 and k * value < 1: written out directly from the spec's definition.
double expectedBandMax(const Image& on, const Image& off, float k) {
    double mx = 0;
    for (int y = 0; y < on.height(); ++y)
        for (int x = 0; x < on.width(); ++x) {
            bool in = true;
            double l = 0;
            for (int c = 0; c < 3; ++c) {
                const float a = on.at(x, y, c), b = off.at(x, y, c);
                if (!(a > 0) || !(b > 0) || k * a >= 1 || k * b >= 1) in = false;
                l += std::max(double(a) - double(b), 0.0);
            }
            if (in) mx = std::max(mx, double(float(l / 3)));
        }
    return mx;
}

} // namespace

class TestEditFailuresAndBands : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void blankAndConstantEditsAreFailures_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("all-black turn-on edit") << 0;
        QTest::newRow("edit = 2 x input (E_G constant)") << 1;
    }
    void blankAndConstantEditsAreFailures() {
        QFETCH(int, kind);
        const test::Scene s = test::makeScene(80, 60, 5);
        Image edit(80, 60, 0.0f);
        if (kind == 1)
            for (std::size_t i = 0; i < edit.floatCount(); ++i) edit.data()[i] = 2.0f * s.off.data()[i];
        const EvalScores r = evaluate(inputsFor(s.on, s.off, edit, Task::On, 1.0f)).scores;
        QVERIFY(r.validPixels > 0);
        QVERIFY(r.editFailure);
        QVERIFY2(QString::fromStdString(r.editFailureReason).contains("MAD of E_G"), r.editFailureReason.c_str());
        // Before revision 2 the MAD floor turned this into numbers (SIE 24.07, SIE1 1.25e11 for a
        // black edit): now every score is undefined.
        QVERIFY(!r.sie && !r.lfe && !r.sie1);
        for (const auto& [k, b] : r.bands) QVERIFY2(!b.sie && !b.lfe, k.c_str());
    }

    void editClippedEverywhereIsAFailure() {
        const test::Scene s = test::makeScene(80, 60, 6);
        Codes8 codes;
        codes.width = 80;
        codes.height = 60;
        codes.rgb.assign(80 * 60 * 3, 255);
        const Image edit(80, 60, 1.0f);
        EvalInputs in = inputsFor(s.on, s.off, edit, Task::On, 1.0f);
        in.editCodes = &codes;
        const EvalScores r = evaluate(in).scores;
        QCOMPARE(r.validPixels, std::size_t(0));
        QVERIFY(r.editFailure);
        QVERIFY2(QString::fromStdString(r.editFailureReason).contains("clipped"), r.editFailureReason.c_str());
        QVERIFY(!r.sie && !r.lfe);
    }

    void degenerateRealPairIsNotTheEditsFailure() {
        // E_R constant (on = 2 off everywhere): the real side has no structure; a data problem.
        const Image off(40, 30, 0.25f), on(40, 30, 0.5f);
        const test::Scene s = test::makeScene(40, 30, 3);
        const EvalScores r = evaluate(inputsFor(on, off, s.oracleEdit, Task::On, 1.0f)).scores;
        QVERIFY(r.degenerate);
        QVERIFY(!r.sie);
        QVERIFY(!r.editFailure);
        // An ordinary edit is not a failure.
        const EvalScores ok = evaluate(inputsFor(s.on, s.off, s.oracleEdit, Task::On, 1.0f)).scores;
        QVERIFY(ok.sie && ok.lfe && !ok.editFailure);
    }

    void bandsComeFromTheRealPairAlone() {
        const test::Scene s = sceneWithBulb(96, 64);
        const float k = 0.5f; // the bulb (50) and nothing else is saturated as the model saw it
        Image flawed = s.oracleEdit, dark = s.off;
        for (int x = 0; x < 40; ++x)
            for (int c = 0; c < 3; ++c) flawed.at(x, 10, c) *= 3.0f;
        for (std::size_t i = 0; i < dark.floatCount(); ++i) dark.data()[i] *= 0.7f;
        const double expected = expectedBandMax(s.on, s.off, k);
        QVERIFY(expected > 0 && expected < 10.0); // not the bulb's L (about 50)
        std::optional<Plane<std::uint8_t>> first;
        for (const Image* edit : std::initializer_list<const Image*>{&s.oracleEdit, &flawed, &dark})
            for (Task task : {Task::On, Task::Off}) {
                const EvalResult r = evaluate(inputsFor(s.on, s.off, *edit, task, k), {}, true);
                QCOMPARE(r.scores.bandMaxSignal, expected);
                if (!first) first = r.maps->bandLabels;
                QVERIFY2(std::equal(first->data(), first->data() + first->size(), r.maps->bandLabels.data()),
                         "the band partition changed with the edit or the task");
            }
        // The same partition from the pair alone (the band image of `bench --band-images`).
        const IntensityBands b = pairIntensityBands(s.on, s.off, k, std::nullopt, nullptr, MetricParams{}.bandEdgesPercent);
        QCOMPARE(b.maxSignal, expected);
        QVERIFY(std::equal(b.labels.data(), b.labels.data() + b.labels.size(), first->data()));
        // Pixels are classified by 100 L / max: check a few against the edges 16, 6, 3, 2, 1 directly.
        const std::vector<double> edges{100, 16, 6, 3, 2, 1, 0};
        for (int y = 0; y < 64; y += 7)
            for (int x = 0; x < 96; x += 5) {
                double l = 0;
                for (int c = 0; c < 3; ++c) l += std::max(double(s.on.at(x, y, c)) - double(s.off.at(x, y, c)), 0.0);
                const double pct = 100.0 * double(float(l / 3)) / expected;
                int band = 5;
                for (int i = 0; i < 5; ++i)
                    if (pct > edges[std::size_t(i) + 1]) {
                        band = i;
                        break;
                    }
                QCOMPARE(int(b.labels(x, y)), band);
            }
    }

    void windowAndClipLevelLeaveTheMaximum() {
        const test::Scene s = test::makeScene(64, 48, 8);
        const float k = 0.01f;
        const double all = expectedBandMax(s.on, s.off, k);
        // Find the brightest pixel and cover it with a window: the maximum drops.
        int bx = 0, by = 0;
        double best = -1;
        for (int y = 0; y < 48; ++y)
            for (int x = 0; x < 64; ++x) {
                double l = 0;
                for (int c = 0; c < 3; ++c) l += std::max(double(s.on.at(x, y, c)) - double(s.off.at(x, y, c)), 0.0);
                if (l > best) best = l, bx = x, by = y;
            }
        Mask window(64, 48, 0);
        window(bx, by) = 1;
        const IntensityBands withWindow =
            pairIntensityBands(s.on, s.off, k, std::nullopt, &window, MetricParams{}.bandEdgesPercent);
        QVERIFY(withWindow.maxSignal < all);
        QCOMPARE(int(withWindow.labels(bx, by)), 0); // r > 1 still falls in the brightest band
        const IntensityBands clipped = pairIntensityBands(s.on, s.off, k, s.on.at(bx, by, 0), nullptr, MetricParams{}.bandEdgesPercent);
        QVERIFY(clipped.maxSignal < all);
    }

    void resizedEditHasAQuantisationUncertainty() {
        const test::Scene s = test::makeScene(60, 40, 9);
        const ModelImagePath path(ColourConfig::builtin());
        const float k = 1.0f;
        // The model returned the edit at twice the size; it is scored at the pair's size.
        const Image big = resampleLinear(s.oracleEdit, 120, 80);
        const Codes8 codes = path.toCodes(big, k);
        const Image edit = resampleLinear(path.decode(codes, k), 60, 40);
        MetricParams p;
        p.computeUncertainty = true;
        p.uncertaintyDraws = 8;
        EvalInputs in = inputsFor(s.on, s.off, edit, Task::On, k);
        const EvalScores none = evaluate(in, p).scores;
        QVERIFY(none.sie && !none.uncertainty); // no codes, no Monte Carlo
        in.editSourceCodes = &codes;
        const EvalScores r = evaluate(in, p).scores;
        QVERIFY(r.uncertainty && r.uncertainty->sieStd && r.uncertainty->lfeStd);
        // Quantisation noise of one code step: a small, non-zero spread (paper Table 4: negligible).
        QVERIFY2(*r.uncertainty->sieStd > 0 && *r.uncertainty->sieStd < 0.02 * *r.sie,
                 qPrintable(QString::number(*r.uncertainty->sieStd)));
        QVERIFY(*r.uncertainty->lfeStd > 0 && *r.uncertainty->lfeStd < 0.02 * *r.lfe);
    }
};

QTEST_GUILESS_MAIN(TestEditFailuresAndBands)
#include "test_edit_failures_and_bands.moc"
