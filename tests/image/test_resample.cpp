// Resampling to an evaluation size: exact area averaging when shrinking, bilinear interpolation when
// enlarging, per axis; and the "any source pixel under the footprint" mask. Expected values come from
// hand calculations and from brute-force 2-D computations written here (overlap rectangles in double,
// the bilinear formula evaluated directly), not from the separable weights under test.
#include "image/Resample.h"
#include "util/Error.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

using namespace ll;

namespace {

Image randomImage(int W, int H, unsigned seed) {
    Image img(W, H);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 4.0f);
    for (std::size_t i = 0; i < img.floatCount(); ++i) img.data()[i] = u(rng);
    return img;
}

double overlap1d(double a0, double a1, double b0, double b1) { return std::max(0.0, std::min(a1, b1) - std::max(a0, b0)); }

// Output pixel X's footprint along an axis of `s` input and `d` output pixels, in input pixel units.
double edgeAt(int X, int s, int d) { return double(std::int64_t(X) * s) / double(d); }

// Linear interpolation of `v(j)` (j in [0, s)) at output X of an enlarging axis, clamped at the edges.
template <typename F>
double interpolate(int X, int s, int d, F v) {
    double u = (X + 0.5) * double(s) / double(d) - 0.5;
    u = std::clamp(u, 0.0, double(s - 1));
    const int j0 = std::min(int(std::floor(u)), std::max(s - 2, 0));
    const double f = u - j0;
    return s == 1 ? v(0) : (1 - f) * v(j0) + f * v(j0 + 1);
}

// Brute force: along a shrinking axis the footprint-overlap average, along a growing one the
// interpolation, composed as a direct double sum over the 2-D input.
double reference(const Image& src, int W, int H, int X, int Y, int c) {
    const int W0 = src.width(), H0 = src.height();
    auto column = [&](int i) { // the value of input column i at output row Y (y resampled)
        if (H <= H0) {
            double sum = 0;
            for (int j = 0; j < H0; ++j)
                sum += overlap1d(edgeAt(Y, H0, H), edgeAt(Y + 1, H0, H), j, j + 1) * src.at(i, j, c);
            return sum / (double(H0) / H);
        }
        return interpolate(Y, H0, H, [&](int j) { return double(src.at(i, j, c)); });
    };
    if (W <= W0) {
        double sum = 0;
        for (int i = 0; i < W0; ++i) {
            const double o = overlap1d(edgeAt(X, W0, W), edgeAt(X + 1, W0, W), i, i + 1);
            if (o > 0) sum += o * column(i);
        }
        return sum / (double(W0) / W);
    }
    return interpolate(X, W0, W, column);
}

void compareWithReference(const Image& src, int W, int H) {
    const Image out = resampleLinear(src, W, H);
    QCOMPARE(out.width(), W);
    QCOMPARE(out.height(), H);
    for (int Y = 0; Y < H; ++Y)
        for (int X = 0; X < W; ++X)
            for (int c = 0; c < 3; ++c) {
                const double want = reference(src, W, H, X, Y, c);
                if (std::abs(out.at(X, Y, c) - want) > 2e-6 * std::max(1.0, std::abs(want)))
                    QFAIL(qPrintable(QString("%1x%2 -> %3x%4 at (%5,%6,%7): %8 vs %9")
                                         .arg(src.width()).arg(src.height()).arg(W).arg(H).arg(X).arg(Y).arg(c)
                                         .arg(double(out.at(X, Y, c)), 0, 'g', 9).arg(want, 0, 'g', 9)));
            }
}

} // namespace

class TestResample : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handCalculatedRows() {
        // 1.5x down: 3 -> 2 pixels; output 0 covers input [0, 1.5): (a + b/2) / 1.5.
        Image a(3, 1);
        for (int x = 0; x < 3; ++x)
            for (int c = 0; c < 3; ++c) a.at(x, 0, c) = float(1 + 3 * x); // 1, 4, 7
        const Image d = resampleLinear(a, 2, 1);
        QVERIFY(std::abs(d.at(0, 0, 0) - (1 + 2) / 1.5f) < 1e-6f);
        QVERIFY(std::abs(d.at(1, 0, 2) - (2 + 7) / 1.5f) < 1e-6f);
        // 2x up: [0, 1] -> [0, 0.25, 0.75, 1] (centres at input -0.25 (clamped), 0.25, 0.75, 1.25 (clamped)).
        Image b(2, 1);
        for (int c = 0; c < 3; ++c) b.at(1, 0, c) = 1.0f;
        const Image u = resampleLinear(b, 4, 1);
        const float want[4] = {0.0f, 0.25f, 0.75f, 1.0f};
        for (int x = 0; x < 4; ++x) QCOMPARE(u.at(x, 0, 1), want[x]);
        // 2x down of a 4x2 block image: the block means.
        Image img(4, 2);
        for (int x = 0; x < 4; ++x)
            for (int y = 0; y < 2; ++y)
                for (int c = 0; c < 3; ++c) img.at(x, y, c) = float(x + 4 * y);
        const Image half = resampleLinear(img, 2, 1);
        QVERIFY(std::abs(half.at(0, 0, 0) - (0 + 1 + 4 + 5) / 4.0f) < 1e-6f);
        QVERIFY(std::abs(half.at(1, 0, 1) - (2 + 3 + 6 + 7) / 4.0f) < 1e-6f);
    }

    void upsamplingLeavesNoEmptyRowsOrColumns() {
        // A box filter one output pixel wide left every third row and column empty at 1.5x.
        const Image flat(8, 6, 0.7f);
        for (const auto& [W, H] : {std::pair{12, 9}, std::pair{16, 12}, std::pair{13, 7}}) {
            const Image out = resampleLinear(flat, W, H);
            for (std::size_t i = 0; i < out.floatCount(); ++i) QVERIFY(std::abs(out.data()[i] - 0.7f) < 1e-6f);
        }
    }

    void matchesBruteForce() {
        const Image src = randomImage(12, 9, 1);
        compareWithReference(src, 8, 6);   // 1.5x down
        compareWithReference(src, 6, 4);   // 2x down in x, 2.25x in y
        compareWithReference(randomImage(12, 8, 2), 6, 4);   // 2x down
        compareWithReference(randomImage(8, 6, 3), 12, 9);   // 1.5x up
        compareWithReference(randomImage(6, 4, 4), 12, 8);   // 2x up
        compareWithReference(randomImage(10, 6, 5), 7, 9);   // x down by 10/7, y up by 1.5
        compareWithReference(randomImage(7, 9, 6), 10, 6);   // x up, y down
        compareWithReference(randomImage(97, 61, 7), 64, 40); // non-integer, many rows (parallel)
        compareWithReference(randomImage(1, 5, 8), 3, 2);    // a single column grows
    }

    void areaAveragingKeepsTheMean() {
        const Image src = randomImage(300, 200, 9);
        const Image out = resampleLinear(src, 200, 133); // 1.5x and 200/133
        for (int c = 0; c < 3; ++c) {
            double a = 0, b = 0;
            for (std::size_t i = 0; i < src.pixelCount(); ++i) a += src.data()[i * 3 + c];
            for (std::size_t i = 0; i < out.pixelCount(); ++i) b += out.data()[i * 3 + c];
            QVERIFY(std::abs(a / double(src.pixelCount()) - b / double(out.pixelCount())) < 1e-5);
        }
    }

    void interpolationStaysWithinTheInputRange() {
        Image src = randomImage(9, 7, 10);
        src.at(4, 3, 0) = 0.0f; // a zero next to large values stays >= 0 (no ringing)
        const Image out = resampleLinear(src, 23, 17);
        for (std::size_t i = 0; i < out.floatCount(); ++i) {
            QVERIFY(out.data()[i] >= 0.0f);
            QVERIFY(out.data()[i] <= 4.0f);
        }
    }

    void sameSizeIsACopyAndInfoIsKept() {
        Image src = randomImage(5, 4, 11);
        src.info.path = "x.exr";
        const Image same = resampleLinear(src, 5, 4);
        QVERIFY(std::equal(same.data(), same.data() + same.floatCount(), src.data()));
        QCOMPARE(resampleLinear(src, 10, 8).info.path, std::string("x.exr"));
        QVERIFY_THROWS_EXCEPTION(Error, resampleLinear(src, 0, 4));
    }

    void maskIsAnySourcePixelUnderTheFootprint() {
        std::mt19937 rng(12);
        for (const auto& [W0, H0, W, H] : {std::array{12, 9, 8, 6}, std::array{8, 6, 12, 9}, std::array{10, 6, 7, 9},
                                           std::array{12, 8, 6, 4}, std::array{6, 4, 12, 8}, std::array{31, 17, 19, 29}}) {
            Mask m(W0, H0);
            for (std::size_t i = 0; i < m.size(); ++i) m[i] = (rng() % 7 == 0) ? 1 : 0;
            const Mask out = resampleMaskAny(m, W, H);
            QCOMPARE(out.width(), W);
            QCOMPARE(out.height(), H);
            for (int Y = 0; Y < H; ++Y)
                for (int X = 0; X < W; ++X) {
                    bool any = false;
                    for (int j = 0; j < H0; ++j)
                        for (int i = 0; i < W0; ++i)
                            if (m(i, j) && overlap1d(edgeAt(X, W0, W), edgeAt(X + 1, W0, W), i, i + 1) > 0 &&
                                overlap1d(edgeAt(Y, H0, H), edgeAt(Y + 1, H0, H), j, j + 1) > 0)
                                any = true;
                    QCOMPARE(bool(out(X, Y)), any);
                }
        }
        // One set pixel at 1.5x up covers the output pixels over it and no others: input pixel 1
        // spans output [1.5, 3) so outputs 1 and 2 along each axis.
        Mask one(4, 4);
        one(1, 1) = 1;
        const Mask up = resampleMaskAny(one, 6, 6);
        QCOMPARE(int(countSet(up)), 4);
        QVERIFY(up(1, 1) && up(2, 1) && up(1, 2) && up(2, 2));
    }
};

QTEST_GUILESS_MAIN(TestResample)
#include "test_resample.moc"
