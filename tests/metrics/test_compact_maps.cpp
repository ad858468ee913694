// Compact maps (KeptMaps::Compact, what the desktop app keeps): the scores equal those of an
// evaluation with all maps, the four per-channel maps are not kept, the kept maps are the same, and
// pixelMetrics() gives every per-pixel value the inspector shows: equal to the full maps' values
// (LFE bit for bit, S(E) and D_c to float precision) and to a plain computation from the images here.
#include "SyntheticScenes.h"
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

bool sameImage(const Image& a, const Image& b) {
    return a.floatCount() == b.floatCount() && std::memcmp(a.data(), b.data(), a.floatCount() * sizeof(float)) == 0;
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
        QVERIFY(c.masks.lowSignal.empty() && c.masks.nonFinite.empty() && c.masks.window.empty() &&
                c.gradientDomain.empty() && c.blurredSignal.empty());
        QVERIFY(!a.standardisedReal.empty() && !a.lfePerChannel.empty() && !a.masks.lowSignal.empty());
        QVERIFY(a.masks.reason.values() == c.masks.reason.values());
        QVERIFY(samePlane(a.lightSignal, c.lightSignal));
        QCOMPARE(a.bandLabels.values(), c.bandLabels.values());
        for (std::size_t ch = 0; ch < 3; ++ch) QVERIFY(a.omega80[ch].values() == c.omega80[ch].values());
        QVERIFY(sameImage(a.ratioReal, c.ratioReal) && sameImage(a.ratioEdit, c.ratioEdit));
        QVERIFY(c.gradientReal.empty() && c.gradientEdit.empty()); // worked out by pixelMetrics()
        QVERIFY(samePlane(a.sieMap, c.sieMap) && samePlane(a.lfeMap, c.lfeMap));
        QVERIFY(samePlane(a.standardisedRealMean, c.standardisedRealMean));
        QVERIFY(samePlane(a.standardisedEditMean, c.standardisedEditMean));
        QVERIFY(a.masks.omega.values() == c.masks.omega.values());
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
                    QVERIFY2(close(p.standardisedReal[c], a.standardisedReal.at(x, y, ci)), qPrintable(QString("S(E_R) at %1,%2").arg(x).arg(y)));
                    QVERIFY2(close(p.standardisedEdit[c], a.standardisedEdit.at(x, y, ci)), qPrintable(QString("S(E_G) at %1,%2").arg(x).arg(y)));
                    QVERIFY2(close(p.sie[c], a.siePerChannel.at(x, y, ci)), qPrintable(QString("D_c at %1,%2").arg(x).arg(y)));
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
                if (p.valid) {
                    ++valid;
                    QVERIFY(close(compact.maps->standardisedRealMean[i], meanR, 1e-5, 1e-4));
                    QVERIFY(close(compact.maps->standardisedEditMean[i], meanG, 1e-5, 1e-4));
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
