// Immerkaer's noise estimate (edit/NoiseEstimate.h) on images of known noise: the operator N has
// coefficients whose squares sum to 36, so N * (white Gaussian noise of sigma) has standard deviation
// 6 sigma and mean absolute value 6 sigma sqrt(2 / pi); the estimator returns sigma. Planes give 0.
#include "edit/NoiseEstimate.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;
using namespace ll::edit;

namespace {

FloatPlane noisy(int w, int h, double sigma, std::uint64_t seed, double a = 0, double bx = 0, double by = 0) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> n(0, sigma);
    FloatPlane p(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) p(x, y) = float(a + bx * x + by * y + n(rng));
    return p;
}

} // namespace

class TestNoiseEstimate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flatImageOfKnownSigma_data() {
        QTest::addColumn<double>("sigma");
        QTest::newRow("0.002") << 0.002;
        QTest::newRow("0.01") << 0.01;
        QTest::newRow("0.05") << 0.05;
    }
    void flatImageOfKnownSigma() {
        QFETCH(double, sigma);
        // 254 x 254 interior values; their mean absolute value has a relative error of about 1%.
        const auto flat = immerkaerSigma(noisy(256, 256, sigma, 17, 0.5));
        QVERIFY(flat);
        QVERIFY2(std::abs(*flat / sigma - 1) < 0.04, qPrintable(QString::number(*flat)));
        // A tilted plane underneath changes nothing (N is blind to planes).
        const auto tilted = immerkaerSigma(noisy(256, 256, sigma, 17, 0.1, 0.002, -0.001));
        QVERIFY(std::abs(*tilted - *flat) < 1e-3 * sigma + 1e-6);
    }

    void planesHaveNoNoise() {
        FloatPlane p(20, 10);
        for (int y = 0; y < 10; ++y)
            for (int x = 0; x < 20; ++x) p(x, y) = 0.25f + 0.01f * x - 0.02f * y;
        QVERIFY(*immerkaerSigma(p) < 1e-6);
        QCOMPARE(*immerkaerSigma(FloatPlane(5, 5, 0.3f)), 0.0);
    }

    void regionAndTooSmall() {
        // Left half sigma 0.01, right half 0.04: each region reads its own sigma.
        FloatPlane img = noisy(200, 200, 0.01, 3);
        const FloatPlane right = noisy(200, 200, 0.04, 4);
        Mask left(200, 200), rightMask(200, 200);
        for (int y = 0; y < 200; ++y)
            for (int x = 0; x < 200; ++x) {
                if (x >= 100) img(x, y) = right(x, y);
                // The 3x3 operator at x reads x - 1 .. x + 1: keep it inside one half.
                left(x, y) = x < 99;
                rightMask(x, y) = x > 100;
            }
        QVERIFY(std::abs(*immerkaerSigma(img, &left) / 0.01 - 1) < 0.05);
        QVERIFY(std::abs(*immerkaerSigma(img, &rightMask) / 0.04 - 1) < 0.05);
        // No interior pixel: no estimate.
        QVERIFY(!immerkaerSigma(FloatPlane(2, 9, 1.0f)));
        const Mask nothing(200, 200);
        QVERIFY(!immerkaerSigma(img, &nothing));
    }
};

QTEST_GUILESS_MAIN(TestNoiseEstimate)
#include "test_noise_estimate.moc"
