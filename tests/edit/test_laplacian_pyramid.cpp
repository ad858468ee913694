// The Burt-Adelson pyramid (edit/LaplacianPyramid.h): reduce against a direct 5x5 convolution written
// here (the separable [1 4 6 4 1] / 16 kernel as an outer product, mirrored borders d c b | a b c d |
// c b a); perfect reconstruction of the Laplacian pyramid; constants survive expand; the low-pass and
// band-pass split adds up to the source.
#include "edit/LaplacianPyramid.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;
using namespace ll::edit;

namespace {

FloatPlane randomPlane(int w, int h, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> u(0, 1);
    FloatPlane p(w, h);
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = u(rng);
    return p;
}

// Mirror without repeating the edge sample, written out for short signals (|offset| <= 2 past the edge).
int mirror(int i, int n) {
    if (n == 1) return 0;
    while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i;
    return i;
}

double maxAbsDiff(const FloatPlane& a, const FloatPlane& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, double(std::abs(a[i] - b[i])));
    return m;
}

} // namespace

class TestLaplacianPyramid : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void reduceIsTheDirectConvolutionAtEvenPixels() {
        const double k[5] = {1 / 16.0, 4 / 16.0, 6 / 16.0, 4 / 16.0, 1 / 16.0};
        for (auto [w, h] : {std::pair{16, 12}, std::pair{17, 9}, std::pair{5, 3}, std::pair{2, 7}}) {
            const FloatPlane src = randomPlane(w, h, std::uint64_t(w * 100 + h));
            const FloatPlane r = pyramidReduce(src);
            QCOMPARE(r.width(), (w + 1) / 2);
            QCOMPARE(r.height(), (h + 1) / 2);
            for (int y = 0; y < r.height(); ++y)
                for (int x = 0; x < r.width(); ++x) {
                    double acc = 0;
                    for (int j = -2; j <= 2; ++j)
                        for (int i = -2; i <= 2; ++i) acc += k[i + 2] * k[j + 2] * src(mirror(2 * x + i, w), mirror(2 * y + j, h));
                    QVERIFY2(std::abs(r(x, y) - acc) < 1e-6, qPrintable(QString("%1x%2 at (%3, %4): %5 vs %6").arg(w).arg(h).arg(x).arg(y).arg(r(x, y)).arg(acc)));
                }
        }
    }

    void laplacianPyramidReconstructsTheSource() {
        for (auto [w, h, levels] : {std::tuple{64, 48, 4}, std::tuple{37, 23, 3}, std::tuple{10, 10, 1}, std::tuple{9, 5, 0}}) {
            const FloatPlane src = randomPlane(w, h, 5);
            const auto bands = laplacianPyramid(src, levels);
            QCOMPARE(int(bands.size()), levels + 1);
            // Collapse: G_l = L_l + expand(G_{l+1}), from the residual down.
            FloatPlane g = bands.back();
            for (int l = levels - 1; l >= 0; --l) {
                FloatPlane e = pyramidExpand(g, bands[std::size_t(l)].width(), bands[std::size_t(l)].height());
                for (std::size_t i = 0; i < e.size(); ++i) e[i] += bands[std::size_t(l)][i];
                g = std::move(e);
            }
            QCOMPARE(g.width(), w);
            QCOMPARE(g.height(), h);
            QVERIFY2(maxAbsDiff(g, src) < 1e-5, qPrintable(QString("%1x%2, %3 levels: %4").arg(w).arg(h).arg(levels).arg(maxAbsDiff(g, src))));
        }
    }

    void constantsSurviveReduceAndExpand() {
        // The kernel sums to 1, and after upsampling by zeros x 4 each output pixel sees taps summing
        // to 1/4 of the kernel's square (even: 1+6+1 = 8 of 16; odd: 4+4 = 8 of 16, per axis).
        for (auto [w, h] : {std::pair{16, 16}, std::pair{15, 11}, std::pair{8, 3}}) {
            const FloatPlane c(w, h, 0.37f);
            const FloatPlane r = pyramidReduce(c);
            for (std::size_t i = 0; i < r.size(); ++i) QVERIFY(std::abs(r[i] - 0.37f) < 1e-6);
            const FloatPlane e = pyramidExpand(r, w, h);
            for (std::size_t i = 0; i < e.size(); ++i) QVERIFY2(std::abs(e[i] - 0.37f) < 1e-6, qPrintable(QString("%1x%2 pixel %3: %4").arg(w).arg(h).arg(i).arg(e[i])));
        }
    }

    void lowpassPlusBandpassIsTheSource() {
        const FloatPlane src = randomPlane(40, 30, 11);
        QVERIFY(maxAbsDiff(lowpassAtLevel(src, 0), src) == 0);
        for (int level : {1, 2, 3}) {
            const FloatPlane low = lowpassAtLevel(src, level), band = bandpassBelowLevel(src, level);
            FloatPlane sum(40, 30);
            for (std::size_t i = 0; i < sum.size(); ++i) sum[i] = low[i] + band[i];
            QVERIFY(maxAbsDiff(sum, src) < 1e-6);
            // The low-pass keeps the mean (to the border effects of the mirror: within 2%).
            double ms = 0, ml = 0;
            for (std::size_t i = 0; i < src.size(); ++i) ms += src[i], ml += low[i];
            QVERIFY(std::abs(ms - ml) < 0.02 * ms);
        }
    }
};

QTEST_GUILESS_MAIN(TestLaplacianPyramid)
#include "test_laplacian_pyramid.moc"
