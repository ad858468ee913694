// The fast recursive Gaussian against the exactly sampled truncated kernel, and the exact kernel
// against a direct 2-D reference; mirror boundary handling, also for extensions longer than the image.
#include "ReferenceMetrics.h"
#include "image/GaussianBlur.h"
#include "metrics/LowSignalMask.h"
#include "image/BorderIndex.h"
#include "image/RecursiveGaussian.h"
#include "util/Percentile.h"

#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace ll;

namespace {

FloatPlane testSignal(int W, int H, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0, 1);
    FloatPlane p(W, H);
    const float cx = u(rng) * W, cy = u(rng) * H;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            const float d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
            p(x, y) = 50.0f / (1.0f + d2 / 40.0f) + (u(rng) < 0.002f ? 20.0f : 0.0f) + 0.1f * u(rng) +
                      (x < W / 10 ? 5.0f : 0.0f); // a sharp edge at the border region
        }
    return p;
}

} // namespace

class TestGaussianBlur : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void borderIndices() {
        // reflect, i = -4..7 for n = 4: d c b a | a b c d | d c b a, repeating.
        const int reflect[] = {3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0};
        // mirror: c b | a b c d | c b a b (no repeated edge sample), period 6.
        const int mirror[] = {2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1};
        for (int i = -4; i < 8; ++i) {
            QCOMPARE(reflectIndex(i, 4), reflect[i + 4]);
            QCOMPARE(mirrorIndex(i, 4), mirror[i + 4]);
        }
        for (long long i : {-1LL, 25LL}) {
            QCOMPARE(reflectIndex(i, 1), 0);
            QCOMPARE(mirrorIndex(i, 1), 0);
        }
        QCOMPARE(mirrorIndex(-13, 4), mirrorIndex(-13 + 600, 4));
    }

    void kernelIsNormalisedWithScipyRadius() {
        const auto w = gaussianKernel(1.5, 3.5);
        QCOMPARE(int(w.size()), 11); // int(3.5 * 1.5 + 0.5) = 5
        double s = 0;
        for (double v : w) s += v;
        QVERIFY(std::abs(s - 1.0) < 1e-15);
        QCOMPARE(gaussianRadius(25.0, 4.0), 100);
    }

    void exactMatchesDirectReference() {
        const FloatPlane p = testSignal(53, 37, 1);
        std::vector<double> src(p.values().begin(), p.values().end());
        for (double sigma : {0.8, 2.5, 11.0}) { // 11 * 4 = 44 > 37: extension longer than the image
            const FloatPlane e = gaussianBlurExact(p, sigma, 4.0);
            const std::vector<double> r = ref::blurExact(src, 53, 37, sigma, 4.0);
            for (std::size_t i = 0; i < r.size(); ++i) QVERIFY(std::abs(e[i] - r[i]) <= 1e-6 * std::max(1.0, std::abs(r[i])));
        }
    }

    void recursiveWithin1e3OfExact_data() {
        QTest::addColumn<int>("W");
        QTest::addColumn<int>("H");
        QTest::addColumn<double>("sigma");
        QTest::newRow("small sigma") << 120 << 80 << 1.5;
        QTest::newRow("spec sigma 0.02*max") << 300 << 200 << 6.0;
        QTest::newRow("large sigma") << 400 << 260 << 25.0;
        QTest::newRow("extension longer than height") << 500 << 40 << 12.0;
    }
    void recursiveWithin1e3OfExact() {
        QFETCH(int, W);
        QFETCH(int, H);
        QFETCH(double, sigma);
        const FloatPlane p = testSignal(W, H, 7);
        const FloatPlane e = gaussianBlurExact(p, sigma, 4.0);
        const FloatPlane f = gaussianBlurRecursive(p, sigma);
        double maxE = 0, maxErr = 0;
        for (std::size_t i = 0; i < e.size(); ++i) {
            maxE = std::max(maxE, double(std::abs(e[i])));
            maxErr = std::max(maxErr, double(std::abs(e[i] - f[i])));
        }
        QVERIFY2(maxErr <= 1e-3 * maxE, qPrintable(QString("max error %1 of max %2").arg(maxErr).arg(maxE)));
    }

    void lowSignalMaskNearlyIdentical() {
        // The quantity that matters: the low-signal mask (threshold 1% of P99).
        const FloatPlane L = testSignal(312, 208, 3);
        MetricParams exact, fast;
        exact.blurMethod = BlurMethod::ExactKernel;
        const FloatPlane a = blurLightSignal(L, exact), b = blurLightSignal(L, fast);
        std::vector<float> va(a.values().begin(), a.values().end()), vb(b.values().begin(), b.values().end());
        const double ta = 0.01 * percentileInPlace(va, 99.0), tb = 0.01 * percentileInPlace(vb, 99.0);
        QVERIFY(ta > 0.0);
        QVERIFY(std::abs(ta - tb) <= 1e-3 * ta);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < L.size(); ++i) differ += (double(a[i]) < ta) != (double(b[i]) < tb);
        QVERIFY2(differ <= L.size() / 1000, qPrintable(QString::number(differ)));
    }
};

QTEST_GUILESS_MAIN(TestGaussianBlur)
#include "test_gaussian_blur.moc"
