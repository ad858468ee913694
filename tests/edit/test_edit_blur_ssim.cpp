// The edit scores' Gaussian blur and SSIM (edit/GaussianBlur.h, edit/Ssim.h).
// Blur: against a direct 2-D convolution written here with the sampled, normalised Gaussian and the
// mirrored border (d c b | a b c d | c b a). SSIM: against scikit-image 0.19.3 (Debian 12's
// python3-skimage) on the pixels whose 11 x 11 window lies inside the image (scikit-image pads with
// 'reflect', LightLens's edit filters with 'mirror': they differ only within 5 pixels of the border):
//
//   import numpy as np
//   from skimage.metrics import structural_similarity
//   W, H = 40, 32
//   j, i = np.mgrid[0:H, 0:W].astype(np.float64)
//   x = 0.5 + 0.3 * np.sin(0.7 * i + 0.3 * j) * np.cos(0.05 * i * j) + 0.1 * np.cos(1.3 * j)
//   y = 0.9 * x + 0.05 + 0.08 * np.sin(2.1 * i - 0.4 * j)
//   x = x.astype(np.float32).astype(np.float64); y = y.astype(np.float32).astype(np.float64)
//   m, S = structural_similarity(x, y, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
//                                data_range=1.0, full=True)
//   print(S[5, 5], S[9, 12], ..., S[5:H-5, 5:W-5].mean())
#include "edit/GaussianBlur.h"
#include "edit/Ssim.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;
using namespace ll::edit;

namespace {

constexpr int kW = 40, kH = 32;

FloatPlane testX() {
    FloatPlane p(kW, kH);
    for (int j = 0; j < kH; ++j)
        for (int i = 0; i < kW; ++i)
            p(i, j) = float(0.5 + 0.3 * std::sin(0.7 * i + 0.3 * j) * std::cos(0.05 * i * j) + 0.1 * std::cos(1.3 * j));
    return p;
}

FloatPlane testY() {
    FloatPlane p(kW, kH);
    for (int j = 0; j < kH; ++j)
        for (int i = 0; i < kW; ++i) {
            const double x = 0.5 + 0.3 * std::sin(0.7 * i + 0.3 * j) * std::cos(0.05 * i * j) + 0.1 * std::cos(1.3 * j);
            p(i, j) = float(0.9 * x + 0.05 + 0.08 * std::sin(2.1 * i - 0.4 * j));
        }
    return p;
}

int mirror(int i, int n) {
    if (n == 1) return 0;
    while (i < 0 || i >= n) i = i < 0 ? -i : 2 * (n - 1) - i;
    return i;
}

// sum_{dx, dy} g(dx) g(dy) src(mirror(x + dx), mirror(y + dy)), g the sampled Gaussian normalised to 1.
FloatPlane directBlur(const FloatPlane& src, double sigma, int radius) {
    std::vector<double> g(std::size_t(2 * radius + 1));
    double sum = 0;
    for (int d = -radius; d <= radius; ++d) sum += g[std::size_t(d + radius)] = std::exp(-d * d / (2 * sigma * sigma));
    for (double& v : g) v /= sum;
    FloatPlane out(src.width(), src.height());
    for (int y = 0; y < src.height(); ++y)
        for (int x = 0; x < src.width(); ++x) {
            double acc = 0;
            for (int dy = -radius; dy <= radius; ++dy)
                for (int dx = -radius; dx <= radius; ++dx)
                    acc += g[std::size_t(dx + radius)] * g[std::size_t(dy + radius)] *
                           src(mirror(x + dx, src.width()), mirror(y + dy, src.height()));
            out(x, y) = float(acc);
        }
    return out;
}

// The SSIM index and structure term at (x, y) from direct windowed sums in long double (the moments
// of x - 1/2 and y - 1/2, so no cancellation), the window sigma 1.5, radius 5, mirror border.
struct Direct {
    double index, structure, varA, cov;
};
Direct directSsim(const FloatPlane& a, const FloatPlane& b, int x, int y) {
    const int r = 5;
    const double sigma = 1.5;
    std::vector<long double> g(std::size_t(2 * r + 1));
    long double sum = 0;
    for (int d = -r; d <= r; ++d) sum += g[std::size_t(d + r)] = std::exp(-d * d / (2 * sigma * sigma));
    for (long double& v : g) v /= sum;
    long double ma = 0, mb = 0;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
            const long double w = g[std::size_t(dx + r)] * g[std::size_t(dy + r)];
            ma += w * (a(mirror(x + dx, a.width()), mirror(y + dy, a.height())) - 0.5L);
            mb += w * (b(mirror(x + dx, b.width()), mirror(y + dy, b.height())) - 0.5L);
        }
    long double va = 0, vb = 0, cv = 0;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) {
            const long double w = g[std::size_t(dx + r)] * g[std::size_t(dy + r)];
            const long double da = a(mirror(x + dx, a.width()), mirror(y + dy, a.height())) - 0.5L - ma;
            const long double db = b(mirror(x + dx, b.width()), mirror(y + dy, b.height())) - 0.5L - mb;
            va += w * da * da;
            vb += w * db * db;
            cv += w * da * db;
        }
    const long double ua = ma + 0.5L, ub = mb + 0.5L, c1 = 1e-4L, c2 = 9e-4L, c3 = c2 / 2;
    const long double index = ((2 * ua * ub + c1) * (2 * cv + c2)) / ((ua * ua + ub * ub + c1) * (va + vb + c2));
    return {double(index), double((cv + c3) / (std::sqrt(va * vb) + c3)), double(va), double(cv)};
}

} // namespace

class TestEditBlurSsim : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void blurIsTheDirectConvolution_data() {
        QTest::addColumn<double>("sigma");
        QTest::addColumn<int>("radius");
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::newRow("sigma 1.5, default radius 5") << 1.5 << -1 << 40 << 32;
        QTest::newRow("sigma 0.8, radius 3") << 0.8 << 3 << 17 << 9;
        QTest::newRow("sigma 4, radius 12 (longer than the image)") << 4.0 << -1 << 7 << 5;
        QTest::newRow("sigma 2, one row") << 2.0 << -1 << 30 << 1;
    }
    void blurIsTheDirectConvolution() {
        QFETCH(double, sigma);
        QFETCH(int, radius);
        QFETCH(int, w);
        QFETCH(int, h);
        std::mt19937_64 rng(std::uint64_t(w * 31 + h));
        std::uniform_real_distribution<float> u(0, 1);
        FloatPlane src(w, h);
        for (std::size_t i = 0; i < src.size(); ++i) src[i] = u(rng);
        const FloatPlane got = gaussianBlur(src, sigma, radius);
        const FloatPlane ref = directBlur(src, sigma, radius < 0 ? int(std::ceil(3 * sigma)) : radius);
        for (std::size_t i = 0; i < src.size(); ++i)
            QVERIFY2(std::abs(got[i] - ref[i]) < 2e-6, qPrintable(QString("pixel %1: %2 vs %3").arg(i).arg(got[i]).arg(ref[i])));
        // sigma <= 0 is the identity.
        const FloatPlane same = gaussianBlur(src, 0.0);
        QVERIFY(same.values() == src.values());
    }

    void ssimMatchesScikitImage() {
        const FloatPlane x = testX(), y = testY();
        const SsimMaps m = ssimMaps(x, y);
        struct Golden {
            int x, y;
            double ssim;
        };
        const Golden golden[] = {{5, 5, 0.8732357}, {12, 9, 0.8887704}, {20, 16, 0.8983850},
                                 {34, 26, 0.9441834}, {27, 11, 0.9362574}, {8, 22, 0.9277261}};
        for (const Golden& g : golden)
            QVERIFY2(std::abs(m.ssim(g.x, g.y) - g.ssim) < 2e-5,
                     qPrintable(QString("(%1, %2): %3, scikit-image %4").arg(g.x).arg(g.y).arg(m.ssim(g.x, g.y), 0, 'f', 7).arg(g.ssim, 0, 'f', 7)));
        double mean = 0;
        int n = 0;
        for (int j = 5; j < kH - 5; ++j)
            for (int i = 5; i < kW - 5; ++i) mean += m.ssim(i, j), ++n;
        mean /= n;
        QVERIFY2(std::abs(mean - 0.9186984) < 1e-5, qPrintable(QString::number(mean, 'f', 7)));
    }

    // A faint texture around mid-grey (standard deviation about 1e-3): its variance is E[x^2] - E[x]^2
    // of numbers near 1/4, which float moments got wrong (the structure term by 4e-5); the maps and the
    // local moments agree with direct long-double sums to float precision, at the border too.
    void ssimMapsMatchDirectSumsOnAFaintTexture() {
        FloatPlane x(kW, kH), y(kW, kH);
        std::mt19937 rng(5);
        std::normal_distribution<double> n(0.0, 1e-3);
        for (std::size_t i = 0; i < x.size(); ++i) {
            x[i] = float(0.5 + n(rng));
            y[i] = float(0.5 + 0.8 * (x[i] - 0.5) + 0.5 * n(rng));
        }
        const SsimMaps m = ssimMaps(x, y);
        const LocalMoments lm = localMoments(x, y, 1.5, 5); // the NCC's moments, the same filtering
        double worst = 0;
        for (int j = 0; j < kH; ++j)
            for (int i = 0; i < kW; ++i) {
                const auto [index, structure, varA, cov] = directSsim(x, y, i, j);
                QVERIFY(std::abs(lm.varX(i, j) - varA) < 1e-6 * varA);
                QVERIFY(std::abs(lm.cov(i, j) - cov) < 1e-6 * std::abs(varA));
                worst = std::max(worst, std::abs(m.ssim(i, j) - index));
                QVERIFY2(std::abs(m.structure(i, j) - structure) < 1e-6,
                         qPrintable(QString("(%1, %2): %3 vs %4").arg(i).arg(j).arg(m.structure(i, j), 0, 'g', 12).arg(structure, 0, 'g', 12)));
            }
        QVERIFY2(worst < 2e-7, qPrintable(QString::number(worst, 'g', 6)));
    }

    void ssimOfAnImageWithItselfIsOne() {
        const FloatPlane x = testX();
        const SsimMaps m = ssimMaps(x, x);
        for (std::size_t i = 0; i < x.size(); ++i) {
            QVERIFY(std::abs(m.ssim[i] - 1) < 1e-5);
            QVERIFY(std::abs(m.structure[i] - 1) < 1e-5);
        }
        // A negated signal has the opposite structure: s = (-var + C3) / (var + C3) < 0 where it varies.
        FloatPlane neg = x;
        for (std::size_t i = 0; i < neg.size(); ++i) neg[i] = 1.0f - x[i];
        const SsimMaps n = ssimMaps(x, neg);
        for (std::size_t i = 0; i < x.size(); ++i) QVERIFY(n.structure[i] < 0);
    }
};

QTEST_GUILESS_MAIN(TestEditBlurSsim)
#include "test_edit_blur_ssim.moc"
