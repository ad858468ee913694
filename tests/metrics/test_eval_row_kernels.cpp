// The evaluation's row kernels (metrics/EvalRowKernels.h) against their formulas written out value by
// value here, for row widths around the vector widths (4 pixels per step, tails of 1-3 pixels): the
// results must be equal bit for bit, whichever clone the processor runs.
#include "metrics/EvalRowKernels.h"
#include "metrics/BandPairMask.h"
#include "metrics/LightSignal.h"
#include "metrics/ValidityMask.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace ll;

namespace {

std::vector<float> randomFloats(std::size_t n, std::mt19937& rng, float lo, float hi) {
    std::uniform_real_distribution<float> u(lo, hi);
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    return v;
}

std::vector<double> randomDoubles(std::size_t n, std::mt19937& rng) {
    std::uniform_real_distribution<double> u(-3.0, 5.0);
    std::vector<double> v(n);
    for (double& x : v) x = u(rng);
    return v;
}

// Same bits (so that -0 and +0 differ and NaN equals NaN).
template <typename T>
bool sameBits(const std::vector<T>& a, const std::vector<T>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(T)) != 0) return false;
    return true;
}

ChannelStandardisers standardisers() {
    ChannelStandardisers s;
    s.medianR = {0.8, 1.3, 2.1};
    s.invR = {1.0 / 0.3, 1.0 / 0.7, 1.0 / 1.9};
    s.medianG = {1.1, 0.9, 1.7};
    s.invG = {1.0 / 0.4, 1.0 / 0.25, 1.0 / 3.0};
    return s;
}

} // namespace

class TestEvalRowKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // L against lightAt, pixel by pixel, with negative differences, -0, NaN and infinities.
    void lightSignal() {
        std::mt19937 rng(5);
        for (int W = 0; W < 20; ++W) {
            const std::size_t n = 3 * std::size_t(W);
            auto on = randomFloats(n, rng, -1.0f, 3.0f), off = randomFloats(n, rng, -1.0f, 3.0f);
            for (std::size_t f = 0; f < n; f += 5) on[f] = off[f]; // zero difference
            if (W > 3) {
                on[1] = NAN;
                off[4] = INFINITY;
                on[7] = -0.0f;
                off[7] = 0.0f;
                on[8] = 3e38f;
                off[8] = -3e38f; // the double difference is finite, its float mean is not
            }
            std::vector<float> want(static_cast<std::size_t>(W)), got(static_cast<std::size_t>(W), -1.0f);
            for (int x = 0; x < W; ++x) want[std::size_t(x)] = lightAt(on.data() + 3 * x, off.data() + 3 * x);
            lightSpan(on.data(), off.data(), W, got.data());
            QVERIFY2(sameBits(got, want), qPrintable(QString("W = %1").arg(W)));
        }
    }

    // The pixel tests against the conditions written out value by value, and the pair-mask bit against
    // inBandPairMask.
    void pixelFlags() {
        std::mt19937 rng(6);
        const float k = 0.4f;
        for (const bool useLevel : {false, true})
            for (const float clip : {INFINITY, 2.0f})
                for (int W = 0; W < 40; ++W) {
                    const std::size_t n = 3 * std::size_t(W);
                    auto a = randomFloats(n, rng, -0.5f, 3.0f), b = randomFloats(n, rng, -0.5f, 3.0f),
                         g = randomFloats(n, rng, -0.5f, 3.0f), d = randomFloats(n, rng, -0.5f, 3.0f);
                    for (std::size_t f = 0; f < n; f += 7) a[f] = b[f] = clip == INFINITY ? 2.5f : clip; // on the clip
                    if (W > 4) {
                        a[0] = NAN;
                        b[4] = -INFINITY;
                        g[9] = INFINITY;
                        d[10] = NAN;
                        d[11] = 0.0f;
                    }
                    const float level = 1.0f;
                    std::vector<std::uint8_t> got(static_cast<std::size_t>(W), 0xff);
                    pixelFlagsSpan(a.data(), b.data(), g.data(), d.data(), W, clip, useLevel, k, level, got.data());
                    const std::optional<float> clipLevel = std::make_optional(clip); // +inf: as no clip level
                    for (int x = 0; x < W; ++x) {
                        unsigned want = 0;
                        for (std::size_t f = 3 * std::size_t(x); f < 3 * std::size_t(x) + 3; ++f) {
                            const bool nonFinite = !std::isfinite(a[f]) || !std::isfinite(b[f]) || !std::isfinite(g[f]);
                            const bool clipped = a[f] >= clip || b[f] >= clip;
                            want |= (nonFinite ? unsigned(kPixelNonFinite) : 0u) | (d[f] > 0.0f ? 0u : unsigned(kPixelNonPositive)) |
                                    (clipped ? unsigned(kPixelClippedReal) : 0u) |
                                    (useLevel && k * g[f] >= level ? unsigned(kPixelEditLevel) : 0u);
                        }
                        const std::uint8_t px = got[std::size_t(x)];
                        QVERIFY2((px & ~kPixelOutsidePair) == want, qPrintable(QString("W = %1, x = %2").arg(W).arg(x)));
                        QCOMPARE((px & kPixelOutsidePair) != 0,
                                 !inBandPairMask(a.data() + 3 * x, b.data() + 3 * x, k, clipLevel, false));
                    }
                }
    }

    // The first reason and the pair-mask maximum against the order of the reasons written out.
    void firstReasons() {
        std::mt19937 rng(8);
        std::uniform_int_distribution<int> byte(0, 31), bit(0, 1);
        for (int W = 0; W < 40; ++W)
            for (int source = 0; source < 4; ++source) { // edit clipping from the flags or a row; windows or not
                std::vector<std::uint8_t> flags(static_cast<std::size_t>(W)), clipped(flags.size()), win(flags.size()),
                    got(flags.size(), 99);
                for (std::size_t x = 0; x < flags.size(); ++x) {
                    flags[x] = std::uint8_t(byte(rng));
                    clipped[x] = std::uint8_t(bit(rng) * 5); // any non-zero byte is "clipped"
                    win[x] = std::uint8_t(bit(rng));
                }
                const auto L = randomFloats(flags.size(), rng, 0.0f, 4.0f);
                const bool rowClipped = source & 1, windows = source & 2;
                const float pairMax = firstReasonsSpan(flags.data(), rowClipped ? clipped.data() : nullptr,
                                                       windows ? win.data() : nullptr, L.data(), W, got.data());
                float wantMax = 0.0f;
                for (std::size_t x = 0; x < flags.size(); ++x) {
                    const unsigned f = flags[x];
                    const bool c = rowClipped ? clipped[x] != 0 : (f & kPixelEditLevel) != 0;
                    const bool w = windows && win[x];
                    ExclusionReason want = ExclusionReason::None;
                    if (f & kPixelNonFinite) want = ExclusionReason::NonFinite;
                    else if (f & kPixelNonPositive) want = ExclusionReason::NonPositiveDenominator;
                    else if (f & kPixelClippedReal) want = ExclusionReason::ClippedReal;
                    else if (c) want = ExclusionReason::ClippedEdit;
                    else if (w) want = ExclusionReason::Window;
                    QCOMPARE(int(got[x]), int(want));
                    if (!(f & kPixelOutsidePair) && !w) wantMax = std::max(wantMax, L[x]);
                }
                QCOMPARE(pairMax, wantMax);
            }
    }

    void domainAndOmega80Bits() {
        std::mt19937 rng(10);
        std::uniform_int_distribution<int> bit(0, 1);
        for (int W = 0; W < 40; ++W) {
            const std::size_t w = static_cast<std::size_t>(W);
            std::vector<std::uint8_t> up(w), mid(w), dn(w), dom(w, 9), bits(w, 9);
            for (std::size_t x = 0; x < w; ++x) {
                up[x] = std::uint8_t(bit(rng) | bit(rng)); // mostly 1
                mid[x] = std::uint8_t(bit(rng) | bit(rng));
                dn[x] = std::uint8_t(bit(rng) | bit(rng));
            }
            domainSpan(up.data(), mid.data(), dn.data(), W, dom.data());
            for (int x = 0; x < W; ++x) {
                const std::size_t i = std::size_t(x);
                const bool want = x > 0 && x + 1 < W && mid[i] && mid[i - 1] && mid[i + 1] && up[i] && dn[i];
                QCOMPARE(int(dom[i]), want ? 1 : 0);
            }
            auto mr = randomFloats(3 * w, rng, 0.0f, 2.0f), mg = randomFloats(3 * w, rng, 0.0f, 2.0f);
            const std::array<float, 3> tR{0.5f, 1.0f, 1.5f}, tG{1.5f, 0.7f, 1.0f};
            if (W > 12) { // a value on its threshold (kept), one just above it, NaN (never kept)
                mr[4] = tR[1];
                mg[4] = 0.0f;
                mr[29] = std::nextafter(tR[2], 3.0f);
                mg[13] = NAN;
                mr[30] = NAN;
            }
            omega80BitsSpan(mr.data(), mg.data(), dom.data(), tR, tG, W, bits.data());
            for (std::size_t x = 0; x < w; ++x) {
                unsigned want = 0;
                for (std::size_t c = 0; c < 3; ++c)
                    if (dom[x] && mr[3 * x + c] <= tR[c] && mg[3 * x + c] <= tG[c]) want |= 1u << c;
                QCOMPARE(unsigned(bits[x]), want);
            }
        }
    }

    void codesEqual() {
        const std::vector<std::uint8_t> q{255, 0, 0, 0, 254, 0, 3, 3, 255, 1, 2, 3};
        std::vector<std::uint8_t> out(4, 9);
        codesEqualSpan(q.data(), 4, 255, out.data());
        QCOMPARE(out, (std::vector<std::uint8_t>{1, 0, 1, 0}));
        codesEqualSpan(q.data(), 4, 3, out.data());
        QCOMPARE(out, (std::vector<std::uint8_t>{0, 0, 1, 1}));
        codesEqualSpan(q.data(), 4, 256, out.data()); // no code matches
        QCOMPARE(out, (std::vector<std::uint8_t>{0, 0, 0, 0}));
    }

    void ratios() {
        std::mt19937 rng(1);
        for (std::size_t n = 0; n < 40; ++n) {
            const auto a = randomFloats(n, rng, 0.0f, 4.0f), g = randomFloats(n, rng, 0.0f, 4.0f),
                       d = randomFloats(n, rng, 0.01f, 2.0f);
            std::vector<double> er(n), eg(n), wantR(n), wantG(n);
            for (std::size_t f = 0; f < n; ++f) {
                wantR[f] = double(a[f]) / double(d[f]);
                wantG[f] = double(g[f]) / double(d[f]);
            }
            ratioSpan(a.data(), g.data(), d.data(), n, er.data(), eg.data());
            QVERIFY2(sameBits(er, wantR) && sameBits(eg, wantG), qPrintable(QString("n = %1").arg(n)));
        }
    }

    void gradientMagnitudes() {
        std::mt19937 rng(2);
        for (int W = 3; W < 20; ++W) {
            const std::size_t n = 3 * std::size_t(W);
            const auto up = randomDoubles(n, rng), mid = randomDoubles(n, rng), dn = randomDoubles(n, rng);
            std::vector<float> got(n, -7.0f), want(n, -7.0f); // values 0-2 and n-3..n-1 untouched
            for (std::size_t f = 3; f + 3 < n; ++f) {
                const double gx = (mid[f + 3] - mid[f - 3]) * 0.5;
                const double gy = (dn[f] - up[f]) * 0.5;
                want[f] = float(std::sqrt(gx * gx + gy * gy));
            }
            gradientMagnitudeSpan(up.data(), mid.data(), dn.data(), n, got.data());
            QVERIFY2(sameBits(got, want), qPrintable(QString("W = %1").arg(W)));
        }
    }

    void sieDifferencesPerValue() {
        std::mt19937 rng(3);
        const ChannelStandardisers s = standardisers();
        for (int W = 0; W < 20; ++W) {
            const std::size_t n = 3 * std::size_t(W);
            const auto er = randomDoubles(n, rng), eg = randomDoubles(n, rng);
            std::vector<std::uint8_t> keep(static_cast<std::size_t>(W));
            for (std::size_t x = 0; x < keep.size(); ++x) keep[x] = (x * 7 + std::size_t(W)) % 3 != 0;
            std::vector<double> wantD(n), wantD1(n), wantAbs(n), wantAbs1(n), wantZr(n), wantZg(n);
            std::vector<float> wantMean(static_cast<std::size_t>(W));
            for (int x = 0; x < W; ++x) {
                double sum = 0.0;
                for (std::size_t c = 0; c < 3; ++c) {
                    const std::size_t f = 3 * std::size_t(x) + c;
                    wantZr[f] = (er[f] - s.medianR[c]) * s.invR[c];
                    wantZg[f] = (eg[f] - s.medianG[c]) * s.invG[c];
                    wantD[f] = wantZr[f] - wantZg[f];
                    wantD1[f] = (er[f] - 1.0) * s.invR[c] - (eg[f] - 1.0) * s.invG[c];
                    wantAbs[f] = std::abs(wantD[f]);
                    wantAbs1[f] = std::abs(wantD1[f]);
                    sum += wantAbs[f];
                }
                wantMean[std::size_t(x)] = keep[std::size_t(x)] ? float(sum / 3.0) : 0.0f;
            }
            for (bool maps : {false, true}) {
                std::vector<double> absD(n), absD1(n), d(n), zr(n), zg(n);
                std::vector<float> mean(std::size_t(W), -1.0f);
                sieDifferences(er.data(), eg.data(), keep.data(), W, s, absD.data(), absD1.data(), mean.data(), d.data(),
                               maps ? zr.data() : nullptr, zg.data());
                QVERIFY2(sameBits(absD, wantAbs) && sameBits(absD1, wantAbs1) && sameBits(mean, wantMean),
                         qPrintable(QString("W = %1").arg(W)));
                if (maps) QVERIFY(sameBits(d, wantD) && sameBits(zr, wantZr) && sameBits(zg, wantZg));
            }
        }
    }

    void lfeDifferencesPerValue() {
        std::mt19937 rng(4);
        const ChannelStandardisers s = standardisers();
        for (int W = 0; W < 20; ++W) {
            const std::size_t n = 3 * std::size_t(W);
            const auto mr = randomFloats(n, rng, 0.0f, 3.0f), mg = randomFloats(n, rng, 0.0f, 3.0f);
            std::vector<std::uint8_t> keep(static_cast<std::size_t>(W));
            for (std::size_t x = 0; x < keep.size(); ++x) keep[x] = std::uint8_t((x * 5 + std::size_t(W)) % 8); // all bit patterns
            std::vector<double> wantAbs(n), gotAbs(n, -1.0);
            std::vector<float> wantF(n), wantAbsF(n), gotF(n, -1.0f), gotAbsF(n, -1.0f);
            for (std::size_t f = 0; f < n; ++f) {
                const std::size_t c = f % 3;
                const double d =
                    (double(mr[f]) - s.medianR[c]) * s.invR[c] - (double(mg[f]) - s.medianG[c]) * s.invG[c];
                const bool kept = (keep[f / 3] >> c) & 1u;
                wantAbs[f] = kept ? std::abs(d) : 0.0;
                wantF[f] = kept ? float(d) : 0.0f;
                wantAbsF[f] = std::abs(wantF[f]);
            }
            lfeDifferences(mr.data(), mg.data(), keep.data(), W, s, gotAbs.data(), gotF.data(), gotAbsF.data());
            QVERIFY2(sameBits(gotAbs, wantAbs) && sameBits(gotF, wantF) && sameBits(gotAbsF, wantAbsF),
                     qPrintable(QString("W = %1").arg(W)));
        }
    }
};

QTEST_APPLESS_MAIN(TestEvalRowKernels)
#include "test_eval_row_kernels.moc"
