// resizeArea (image/Resample.h) at non-integer ratios against an independent statement of its
// contract: each output pixel is the mean of the input pixels whose centres fall inside its footprint
// (output pixel X covers source x in [X s, (X + 1) s), s = source width / output width). The sizes are
// chosen so that no input centre lies on a footprint boundary.
#include "image/Resample.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;

namespace {

Image randomImage(int w, int h, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> u(0, 4);
    Image img(w, h);
    for (std::size_t i = 0; i < img.floatCount(); ++i) img.data()[i] = u(rng);
    return img;
}

Image centreMean(const Image& src, int w, int h) {
    const double sx = double(src.width()) / w, sy = double(src.height()) / h;
    Image out(w, h);
    for (int Y = 0; Y < h; ++Y)
        for (int X = 0; X < w; ++X) {
            double acc[3] = {0, 0, 0};
            int n = 0;
            for (int y = 0; y < src.height(); ++y) {
                if (!(y + 0.5 >= Y * sy && y + 0.5 < (Y + 1) * sy)) continue;
                for (int x = 0; x < src.width(); ++x) {
                    if (!(x + 0.5 >= X * sx && x + 0.5 < (X + 1) * sx)) continue;
                    for (int c = 0; c < 3; ++c) acc[c] += src.pixel(x, y)[c];
                    ++n;
                }
            }
            for (int c = 0; c < 3; ++c) out.pixel(X, Y)[c] = float(acc[c] / n);
        }
    return out;
}

} // namespace

class TestResample : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void areaMeanAtNonIntegerRatios_data() {
        QTest::addColumn<int>("sw");
        QTest::addColumn<int>("sh");
        QTest::addColumn<int>("dw");
        QTest::addColumn<int>("dh");
        QTest::newRow("10x7 -> 3x3 (3.33, 2.33)") << 10 << 7 << 3 << 3;
        QTest::newRow("13x8 -> 5x3 (2.6, 2.67)") << 13 << 8 << 5 << 3;
        QTest::newRow("23x17 -> 7x5 (3.29, 3.4)") << 23 << 17 << 7 << 5;
        QTest::newRow("8x8 -> 4x4 (2, 2)") << 8 << 8 << 4 << 4;
        QTest::newRow("7x6 -> 3x2 (2.33, 3)") << 7 << 6 << 3 << 2;
    }
    void areaMeanAtNonIntegerRatios() {
        QFETCH(int, sw);
        QFETCH(int, sh);
        QFETCH(int, dw);
        QFETCH(int, dh);
        const Image src = randomImage(sw, sh, std::uint64_t(sw * 100 + sh));
        const Image got = resizeArea(src, dw, dh);
        const Image want = centreMean(src, dw, dh);
        QCOMPARE(got.width(), dw);
        QCOMPARE(got.height(), dh);
        for (int y = 0; y < dh; ++y)
            for (int x = 0; x < dw; ++x)
                for (int c = 0; c < 3; ++c)
                    QVERIFY2(std::abs(got.pixel(x, y)[c] - want.pixel(x, y)[c]) < 1e-5f,
                             qPrintable(QString("(%1, %2) channel %3: %4, mean of the covered pixels %5")
                                            .arg(x).arg(y).arg(c).arg(got.pixel(x, y)[c]).arg(want.pixel(x, y)[c])));
    }

    void sameSizeIsACopyAndConstantsStay() {
        const Image src = randomImage(9, 4, 1);
        const Image same = resizeArea(src, 9, 4);
        for (std::size_t i = 0; i < src.floatCount(); ++i) QCOMPARE(same.data()[i], src.data()[i]);
        const Image c = resizeArea(Image(11, 7, 0.75f), 4, 3);
        for (std::size_t i = 0; i < c.floatCount(); ++i) QVERIFY(std::abs(c.data()[i] - 0.75f) < 1e-6f);
    }
};

QTEST_GUILESS_MAIN(TestResample)
#include "test_resample.moc"
