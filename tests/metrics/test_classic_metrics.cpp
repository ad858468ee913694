// PSNR and SSIM against golden values from an independent implementation (scikit-image 0.19.3).
#include "image/GaussianBlur.h"
#include "metrics/Psnr.h"
#include "image/Ssim.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <vector>

using namespace ll;

namespace {

// The fixed pair of the golden values below (exactly reproducible in numpy, see the snippet).
void goldenPair(Image& a, Image& b) {
    const int H = 32, W = 40;
    a = Image(W, H);
    b = Image(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            for (int c = 0; c < 3; ++c) {
                const float av = float(double((x * 7 + y * 13 + c * 29) % 97) / 96.0);
                const double bv = std::clamp(double(av) + double(((x * 3 + y * 5 + c * 11) % 17) - 8) / 100.0, 0.0, 1.0);
                a.at(x, y, c) = av;
                b.at(x, y, c) = float(bv);
            }
}

// A pseudo-random image in [0, 1] with smooth and sharp parts.
Image testImage(int W, int H, unsigned seed) {
    Image img(W, H);
    unsigned s = seed;
    for (std::size_t i = 0; i < img.floatCount(); ++i) {
        s = s * 1664525u + 1013904223u;
        const double smooth = 0.5 + 0.4 * std::sin(double(i % std::size_t(3 * W)) * 0.01 + double(i / std::size_t(3 * W)) * 0.03);
        img.data()[i] = float(std::clamp(smooth + double(s >> 8) / double(1u << 24) * 0.2 - 0.1, 0.0, 1.0));
    }
    return img;
}

// The definition of ssim() written out plainly (one output at a time): horizontal filtering of the
// moments, then vertical, in tap order t = 0..r-1 with the centre first, then the map summed over the
// cropped columns of each row, the rows of each channel summed in order. The fast implementation must
// give the same double exactly.
double referenceSsim(const Image& a, const Image& b, const SsimParams& p) {
    const int W = a.width(), H = a.height();
    const std::vector<double> w = gaussianKernel(p.sigma, p.truncate);
    const int r = int(w.size() / 2);
    const double C1 = p.k1 * p.k1, C2 = p.k2 * p.k2;
    std::array<double, 3> total{};
    std::vector<double> hf(std::size_t(5) * W * H);
    auto moment = [&](int q, int x, int y, int c) {
        const double u = a.at(x, y, c), v = b.at(x, y, c);
        const double m[5] = {u, v, u * u, v * v, u * v};
        return m[q];
    };
    auto at = [&](int q, int x, int y) -> double& { return hf[(std::size_t(q) * H + std::size_t(y)) * W + std::size_t(x)]; };
    for (int c = 0; c < 3; ++c) {
        for (int q = 0; q < 5; ++q)
            for (int y = 0; y < H; ++y)
                for (int x = r; x < W - r; ++x) {
                    double acc = w[std::size_t(r)] * moment(q, x, y, c);
                    for (int t = 0; t < r; ++t) acc += w[std::size_t(t)] * (moment(q, x - r + t, y, c) + moment(q, x + r - t, y, c));
                    at(q, x, y) = acc;
                }
        for (int y = r; y < H - r; ++y) {
            double rowSum = 0.0;
            for (int x = r; x < W - r; ++x) {
                double m[5];
                for (int q = 0; q < 5; ++q) {
                    double acc = w[std::size_t(r)] * at(q, x, y);
                    for (int t = 0; t < r; ++t) acc += w[std::size_t(t)] * (at(q, x, y - r + t) + at(q, x, y + r - t));
                    m[q] = acc;
                }
                const double ux = m[0], uy = m[1];
                const double vx = m[2] - ux * ux, vy = m[3] - uy * uy, vxy = m[4] - ux * uy;
                rowSum += ((2 * ux * uy + C1) * (2 * vxy + C2)) / ((ux * ux + uy * uy + C1) * (vx + vy + C2));
            }
            total[std::size_t(c)] += rowSum;
        }
    }
    const double count = double(H - 2 * r) * double(W - 2 * r);
    return (total[0] / count + total[1] / count + total[2] / count) / 3.0;
}

bool sameBits(double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; }

} // namespace

class TestClassicMetrics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ssimAndPsnrMatchScikitImage() {
        // Golden values computed once with /usr/bin/python3 (numpy 1.24.2, scikit-image 0.19.3):
        //   import numpy as np
        //   from skimage.metrics import structural_similarity, peak_signal_noise_ratio
        //   H, W = 32, 40
        //   y, x, c = np.meshgrid(np.arange(H), np.arange(W), np.arange(3), indexing='ij')
        //   a = (((x * 7 + y * 13 + c * 29) % 97) / 96.0).astype(np.float32).astype(np.float64)
        //   b = np.clip(a + (((x * 3 + y * 5 + c * 11) % 17) - 8) / 100.0, 0, 1).astype(np.float32).astype(np.float64)
        //   structural_similarity(a, b, channel_axis=2, data_range=1, gaussian_weights=True, sigma=1.5,
        //                         use_sample_covariance=False)   # 0.9839020892281994
        //   peak_signal_noise_ratio(a, b, data_range=1)          # 26.38206320259941
        Image a, b;
        goldenPair(a, b);
        const auto s = ssim(a, b);
        const auto p = psnr(a, b);
        QVERIFY(s && p);
        QVERIFY2(std::abs(*s - 0.9839020892281994) < 1e-9, qPrintable(QString::number(*s, 'g', 17)));
        QVERIFY2(std::abs(*p - 26.38206320259941) < 1e-9, qPrintable(QString::number(*p, 'g', 17)));
        // Symmetric in its arguments.
        QVERIFY(std::abs(*ssim(b, a) - *s) < 1e-12);
    }

    void identicalImages() {
        Image a, b;
        goldenPair(a, b);
        QVERIFY(std::abs(*ssim(a, a) - 1.0) < 1e-12);
        QVERIFY(!psnr(a, a).has_value()); // infinite: reported as null
    }

    void ssimIsExactlyItsDefinition_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<double>("sigma");
        QTest::newRow("smallest") << 11 << 11 << 1.5;
        QTest::newRow("odd sizes, several row chunks") << 157 << 203 << 1.5;
        QTest::newRow("wide, one chunk") << 301 << 40 << 1.5;
        QTest::newRow("radius 3") << 64 << 90 << 0.8;
        QTest::newRow("radius 11") << 70 << 150 << 3.0;
    }
    void ssimIsExactlyItsDefinition() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(double, sigma);
        const Image a = testImage(width, height, 1), b = testImage(width, height, 2);
        SsimParams p;
        p.sigma = sigma;
        SsimScratch scratch;
        for (int run = 0; run < 2; ++run) { // the second run reuses the scratch buffers
            const auto s = ssim(a, b, p, &scratch);
            QVERIFY(s.has_value());
            const double want = referenceSsim(a, b, p);
            QVERIFY2(sameBits(*s, want), qPrintable(QString::number(*s, 'g', 17) + " vs " + QString::number(want, 'g', 17)));
        }
        // Given a group of rows at a time (ssimOfRows): the same bits, every row asked for, no call
        // for more rows than the group or outside the image.
        const double want = referenceSsim(a, b, p);
        for (int group : {1, 7, 64, height}) {
            std::vector<std::atomic<int>> asked(static_cast<std::size_t>(height));
            std::atomic<bool> wrongCall{false};
            const SsimRowSource rows = [&](int y0, int y1, float* ra, float* rb) {
                if (y0 < 0 || y1 > height || y1 <= y0 || y1 - y0 > group) wrongCall = true;
                const std::size_t from = 3 * std::size_t(y0) * std::size_t(width);
                const std::size_t to = 3 * std::size_t(std::clamp(y1, y0, height)) * std::size_t(width);
                std::copy(a.data() + from, a.data() + to, ra);
                std::copy(b.data() + from, b.data() + to, rb);
                for (int y = y0; y < y1 && y < height; ++y) ++asked[std::size_t(y)];
            };
            const auto s = ssimOfRows(width, height, group, rows, p, &scratch);
            QVERIFY(s.has_value());
            QVERIFY2(sameBits(*s, want), qPrintable(QStringLiteral("group %1: ").arg(group) + QString::number(*s, 'g', 17)));
            QVERIFY(!wrongCall);
            for (int y = 0; y < height; ++y) QVERIFY2(asked[std::size_t(y)] >= 1, qPrintable(QString::number(y)));
        }
    }

    void tooSmallForTheWindowGivesNoValue() {
        const Image a(10, 30, 0.5f), b(10, 30, 0.4f);
        QVERIFY(!ssim(a, b).has_value());
        QVERIFY(psnr(a, b).has_value());
        bool asked = false;
        QVERIFY(!ssimOfRows(10, 30, 8, [&](int, int, float*, float*) { asked = true; }).has_value());
        QVERIFY(!asked);
    }

    void worseEditScoresLower() {
        Image a, b;
        goldenPair(a, b);
        Image c = b;
        for (std::size_t i = 0; i < c.floatCount(); ++i) c.data()[i] = std::clamp(c.data()[i] * 0.5f + 0.3f, 0.0f, 1.0f);
        QVERIFY(*ssim(a, c) < *ssim(a, b));
        QVERIFY(*psnr(a, c) < *psnr(a, b));
    }
};

QTEST_GUILESS_MAIN(TestClassicMetrics)
#include "test_classic_metrics.moc"
