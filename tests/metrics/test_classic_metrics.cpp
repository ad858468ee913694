// PSNR and SSIM against golden values from an independent implementation (scikit-image 0.19.3).
#include "metrics/Psnr.h"
#include "metrics/Ssim.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

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

    void tooSmallForTheWindowGivesNoValue() {
        const Image a(10, 30, 0.5f), b(10, 30, 0.4f);
        QVERIFY(!ssim(a, b).has_value());
        QVERIFY(psnr(a, b).has_value());
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
