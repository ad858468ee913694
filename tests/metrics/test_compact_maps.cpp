// Compact maps (KeptMaps::Compact, what the desktop app keeps): the scores equal those of an
// evaluation with all maps, the maps that follow from the images are not kept, the kept maps are the
// same, EvalDerivedMaps gives rows of E_R, E_G, the SIE map and the means of S(E) equal to the full
// maps bit for bit, and pixelMetrics() gives every per-pixel value the inspector shows: equal to the
// full maps' values (bit for bit) and to a plain computation from the images here.
#include "SyntheticScenes.h"
#include "metrics/EvalDerivedMaps.h"
#include "metrics/Evaluate.h"
#include "metrics/MapExport.h"
#include "metrics/PixelMetrics.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <random>

using namespace ll;

namespace {

bool close(double a, double b, double rel = 2e-6, double abs = 1e-5) {
    return std::abs(a - b) <= abs + rel * std::max(std::abs(a), std::abs(b));
}

bool samePlane(const FloatPlane& a, const FloatPlane& b) {
    if (a.size() != b.size()) return false;
    return std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

bool sameFloats(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

// Every derived map of `compact` row by row, over the whole row and over spans [x0, x0 + n) that start
// and end anywhere, against the full maps `all`. Returns the number of spans compared.
int compareDerivedRows(const EvalMaps& all, const EvalInputs& in, const EvalResult& compact, std::mt19937& rng) {
    const EvalDerivedMaps d(*in.on, *in.off, *in.edit, compact.maps->masks.omega, compact.scores);
    const int W = d.width(), H = d.height();
    std::uniform_int_distribution<int> start(0, W - 1);
    int spans = 0;
    std::vector<float> row(3 * std::size_t(W));
    for (int y = 0; y < H; ++y) {
        int x0 = 0, n = W;
        for (int k = 0; k < 2; ++k) {
            if (k == 1) {
                x0 = start(rng);
                n = std::uniform_int_distribution<int>(1, W - x0)(rng);
            }
            d.row(DerivedMap::RatioReal, y, x0, n, row.data());
            if (!sameFloats(row.data(), all.ratioReal.pixel(x0, y), 3 * std::size_t(n))) return -1;
            d.row(DerivedMap::RatioEdit, y, x0, n, row.data());
            if (!sameFloats(row.data(), all.ratioEdit.pixel(x0, y), 3 * std::size_t(n))) return -1;
            d.row(DerivedMap::Sie, y, x0, n, row.data());
            if (!sameFloats(row.data(), all.sieMap.row(y) + x0, std::size_t(n))) return -1;
            d.row(DerivedMap::StandardisedRealMean, y, x0, n, row.data());
            if (!sameFloats(row.data(), all.standardisedRealMean.row(y) + x0, std::size_t(n))) return -1;
            d.row(DerivedMap::StandardisedEditMean, y, x0, n, row.data());
            if (!sameFloats(row.data(), all.standardisedEditMean.row(y) + x0, std::size_t(n))) return -1;
            ++spans;
        }
    }
    return spans;
}

} // namespace

class TestCompactMaps : public QObject {
    Q_OBJECT

    test::Scene scene_ = test::makeScene(160, 120, 11);
    Image edit_;
    EvalInputs in_;

private Q_SLOTS:
    void initTestCase() {
        edit_ = scene_.oracleEdit;
        std::mt19937 rng(5);
        std::normal_distribution<float> n(0.0f, 0.05f);
        for (std::size_t i = 0; i < edit_.floatCount(); ++i) edit_.data()[i] *= 1.0f + n(rng);
        in_.on = &scene_.on;
        in_.off = &scene_.off;
        in_.edit = &edit_;
        in_.task = Task::On;
        Mask region(160, 120, 0);
        for (int y = 30; y < 90; ++y)
            for (int x = 40; x < 120; ++x) region(x, y) = 1;
        in_.regions["shadow"] = region;
    }

    void scoresAndKeptMapsEqualTheFullSet() {
        const EvalResult all = evaluate(in_, {}, KeptMaps::All);
        const EvalResult compact = evaluate(in_, {}, KeptMaps::Compact);
        const EvalResult none = evaluate(in_, {}, KeptMaps::None);
        QVERIFY(all.scores.sie && all.scores.lfe);
        QVERIFY(!none.maps);
        QVERIFY(all.maps && compact.maps);
        for (const EvalScores* s : {&compact.scores, &none.scores}) {
            QCOMPARE(*s->sie, *all.scores.sie);
            QCOMPARE(*s->lfe, *all.scores.lfe);
            QCOMPARE(*s->sie1, *all.scores.sie1);
            QCOMPARE(*s->ssim, *all.scores.ssim);
            QCOMPARE(*s->regions.at("shadow").sie, *all.scores.regions.at("shadow").sie);
            QCOMPARE(*s->regions.at("shadow").lfe, *all.scores.regions.at("shadow").lfe);
        }
        const EvalMaps& a = *all.maps;
        const EvalMaps& c = *compact.maps;
        QVERIFY(!a.compact && c.compact);
        QVERIFY(c.standardisedReal.empty() && c.standardisedEdit.empty() && c.siePerChannel.empty() &&
                c.lfePerChannel.empty());
        QVERIFY(c.ratioReal.empty() && c.ratioEdit.empty() && c.sieMap.empty() && c.standardisedRealMean.empty() &&
                c.standardisedEditMean.empty()); // EvalDerivedMaps computes them
        QVERIFY(c.masks.lowSignal.empty() && c.masks.nonFinite.empty() && c.masks.window.empty() &&
                c.gradientDomain.empty() && c.blurredSignal.empty());
        QVERIFY(!a.standardisedReal.empty() && !a.lfePerChannel.empty() && !a.masks.lowSignal.empty());
        QVERIFY(a.masks.reason.values() == c.masks.reason.values());
        QVERIFY(samePlane(a.lightSignal, c.lightSignal));
        QCOMPARE(a.bandLabels.values(), c.bandLabels.values());
        for (std::size_t ch = 0; ch < 3; ++ch) QVERIFY(a.omega80[ch].values() == c.omega80[ch].values());
        QVERIFY(c.gradientReal.empty() && c.gradientEdit.empty()); // worked out by pixelMetrics()
        QVERIFY(samePlane(a.lfeMap, c.lfeMap));
        QVERIFY(a.masks.omega.values() == c.masks.omega.values());
    }

    // The derived rows equal the full maps bit for bit, for both tasks, on a scene wider than the
    // rows' chunk of 256 pixels, whole rows and spans anywhere in them.
    void derivedRowsEqualTheFullMaps() {
        const test::Scene wide = test::makeScene(700, 40, 3);
        Image edit = wide.oracleEdit;
        std::mt19937 rng(9);
        std::normal_distribution<float> noise(0.0f, 0.05f);
        for (std::size_t i = 0; i < edit.floatCount(); ++i) edit.data()[i] *= 1.0f + noise(rng);
        for (const Task task : {Task::On, Task::Off}) {
            EvalInputs in;
            in.on = &wide.on;
            in.off = &wide.off;
            in.edit = &edit;
            in.task = task;
            const EvalResult all = evaluate(in, {}, KeptMaps::All);
            const EvalResult compact = evaluate(in, {}, KeptMaps::Compact);
            QVERIFY(all.scores.sie && all.scores.validPixels > 1000);
            QCOMPARE(compareDerivedRows(*all.maps, in, compact, rng), 2 * 40);
        }
        // The small scene of the other tests as well.
        const EvalResult all = evaluate(in_, {}, KeptMaps::All);
        const EvalResult compact = evaluate(in_, {}, KeptMaps::Compact);
        QCOMPARE(compareDerivedRows(*all.maps, in_, compact, rng), 2 * 120);
        // The ratio maps are not trivially equal: they vary and are 0 outside Omega.
        QVERIFY(all.maps->ratioReal.at(80, 60, 0) != all.maps->ratioReal.at(81, 60, 0) ||
                all.maps->ratioReal.at(80, 60, 0) != all.maps->ratioReal.at(80, 61, 0));
    }

    void pixelMetricsEqualTheFullMapsAndAPlainComputation() {
        const EvalResult all = evaluate(in_, {}, KeptMaps::All);
        const EvalResult compact = evaluate(in_, {}, KeptMaps::Compact);
        const EvalMaps& a = *all.maps;
        const EvalScores& s = compact.scores;
        const int W = scene_.on.width(), H = scene_.on.height();
        std::size_t valid = 0, in80 = 0, excluded = 0;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                const PixelMetrics full = pixelMetrics(a, all.scores, x, y);
                const PixelMetrics p = pixelMetrics(*compact.maps, s, x, y, in_.on, in_.off, in_.edit);
                const std::size_t i = std::size_t(y) * std::size_t(W) + std::size_t(x);
                QCOMPARE(p.valid, a.masks.omega[i] != 0);
                double meanR = 0.0, meanG = 0.0;
                for (std::size_t c = 0; c < 3; ++c) {
                    const int ci = int(c);
                    // The full maps' own values.
                    QCOMPARE(p.ratioReal[c], a.ratioReal.at(x, y, ci));
                    QCOMPARE(p.ratioEdit[c], a.ratioEdit.at(x, y, ci));
                    QCOMPARE(p.standardisedReal[c], a.standardisedReal.at(x, y, ci));
                    QCOMPARE(p.standardisedEdit[c], a.standardisedEdit.at(x, y, ci));
                    QCOMPARE(p.sie[c], a.siePerChannel.at(x, y, ci));
                    // M from the images with the evaluation's arithmetic: its own floats.
                    QCOMPARE(p.gradientReal[c], a.gradientReal.at(x, y, ci));
                    QCOMPARE(p.gradientEdit[c], a.gradientEdit.at(x, y, ci));
                    QCOMPARE(p.lfe[c], a.lfePerChannel.at(x, y, ci)); // the same floats in, the same arithmetic
                    QCOMPARE(p.lfe[c], full.lfe[c]);
                    QCOMPARE(p.inOmega80[c], a.omega80[c][i] != 0);
                    in80 += p.inOmega80[c];
                    // A plain computation from the images: E = I_on / I_off on Omega, S = (E - median) / scale.
                    if (p.valid) {
                        const double er = double(scene_.on.at(x, y, ci)) / double(scene_.off.at(x, y, ci));
                        const double eg = double(edit_.at(x, y, ci)) / double(scene_.off.at(x, y, ci));
                        const double zr = (er - s.ratioRealStats[c].median) / s.ratioRealStats[c].scale;
                        const double zg = (eg - s.ratioEditStats[c].median) / s.ratioEditStats[c].scale;
                        QVERIFY2(close(p.standardisedReal[c], zr, 1e-5, 1e-4), qPrintable(QString("plain S(E_R) at %1,%2").arg(x).arg(y)));
                        QVERIFY2(close(p.sie[c], zr - zg, 1e-5, 1e-4), qPrintable(QString("plain D_c at %1,%2").arg(x).arg(y)));
                        meanR += zr / 3.0;
                        meanG += zg / 3.0;
                    } else {
                        QCOMPARE(p.standardisedReal[c], 0.0f);
                        QCOMPARE(p.sie[c], 0.0f);
                    }
                    if (p.inOmega80[c]) {
                        const double lfe = (p.gradientReal[c] - s.gradientRealStats[c].median) / s.gradientRealStats[c].scale -
                                           (p.gradientEdit[c] - s.gradientEditStats[c].median) / s.gradientEditStats[c].scale;
                        QVERIFY2(close(p.lfe[c], lfe), qPrintable(QString("plain LFE at %1,%2").arg(x).arg(y)));
                    } else {
                        QCOMPARE(p.lfe[c], 0.0f);
                    }
                }
                QCOMPARE(p.sieMap, a.sieMap[i]);
                QCOMPARE(p.sieMap, full.sieMap);
                if (p.valid) {
                    ++valid;
                    QVERIFY(close(a.standardisedRealMean[i], meanR, 1e-5, 1e-4));
                    QVERIFY(close(a.standardisedEditMean[i], meanG, 1e-5, 1e-4));
                } else {
                    ++excluded;
                }
            }
        // The scene has valid and excluded pixels and an Omega80 in every channel: nothing above was vacuous.
        QVERIFY(valid > 1000 && excluded > 100 && in80 > 1000);
    }

    // Turn-off divides by I_on: the gradients worked out for compact maps follow the task; without the
    // images they cannot be worked out, which is an error, not a zero.
    void gradientsFollowTheTaskAndNeedTheImages() {
        EvalInputs off = in_;
        off.task = Task::Off;
        const EvalResult all = evaluate(off, {}, KeptMaps::All);
        const EvalResult compact = evaluate(off, {}, KeptMaps::Compact);
        const int W = scene_.on.width(), H = scene_.on.height();
        std::size_t inDomain = 0;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                const PixelMetrics p = pixelMetrics(*compact.maps, compact.scores, x, y, off.on, off.off, off.edit);
                inDomain += all.maps->gradientDomain(x, y);
                for (std::size_t c = 0; c < 3; ++c) {
                    QCOMPARE(p.gradientReal[c], all.maps->gradientReal.at(x, y, int(c)));
                    QCOMPARE(p.gradientEdit[c], all.maps->gradientEdit.at(x, y, int(c)));
                }
            }
        QVERIFY(inDomain > 1000);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pixelMetrics(*compact.maps, compact.scores, 5, 5));
    }

    void compactMapsCannotBeWrittenAsFiles() {
        const EvalResult compact = evaluate(in_, {}, KeptMaps::Compact);
        QVERIFY_THROWS_EXCEPTION(std::exception, writeEvalMaps(*compact.maps, QDir::tempPath().toStdString() + "/ll-compact-maps"));
    }
};

QTEST_GUILESS_MAIN(TestCompactMaps)
#include "test_compact_maps.moc"
