// CIELAB conversion and the CIEDE2000 colour difference (edit/Lab.h) against published values.
//
// CIEDE2000: the 34 colour pairs of Table 1 of G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000
// Color-Difference Formula: Implementation Notes, Supplementary Test Data, and Mathematical
// Observations", Color Research and Application 30(1), 21-30, 2005 (also ciede2000testdata.txt on
// the authors' page). The table gives dE00 to 4 decimals; the formula is symmetric, so both argument
// orders must give the published value.
//
// Lab: CIE 1976 L*a*b* of linear Rec.709 (sRGB) primaries with the D65 white, as tabulated by
// B. Lindbloom's colour calculator (sRGB, D65 reference white): red (53.2408, 80.0925, 67.2032),
// green (87.7347, -86.1827, 83.1793), blue (32.2970, 79.1875, -107.8602); white is (100, 0, 0), and a
// neutral grey of luminance Y has L* = 116 Y^(1/3) - 16 (Y > 0.008856) or 903.3 Y (below), a = b = 0.
#include "edit/Lab.h"

#include <QtTest>

#include <array>
#include <cmath>

using namespace ll;
using namespace ll::edit;

namespace {

// L1, a1, b1, L2, a2, b2, dE00 (Sharma, Wu, Dalal 2005, Table 1, pairs 1-34 in order).
constexpr std::array<std::array<double, 7>, 34> kSharma{{
    {{50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425}},
    {{50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615}},
    {{50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412}},
    {{50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000}},
    {{50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000}},
    {{50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000}},
    {{50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669}},
    {{50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669}},
    {{50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792}},
    {{50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792}},
    {{50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195}},
    {{50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195}},
    {{50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045}},
    {{50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045}},
    {{50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461}},
    {{50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065}},
    {{50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492}},
    {{50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977}},
    {{50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030}},
    {{50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535}},
    {{50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000}},
    {{50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000}},
    {{50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000}},
    {{50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000}},
    {{60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644}},
    {{63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630}},
    {{61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731}},
    {{35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645}},
    {{22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373}},
    {{36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146}},
    {{90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441}},
    {{90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381}},
    {{6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377}},
    {{2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082}},
}};

double greyL(double y) { return y > 216.0 / 24389.0 ? 116.0 * std::cbrt(y) - 16.0 : 24389.0 / 27.0 * y; }

} // namespace

class TestLabCiede2000 : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ciede2000MatchesSharmaTable1_data() {
        QTest::addColumn<int>("pair");
        for (int i = 0; i < int(kSharma.size()); ++i) QTest::addRow("pair %d", i + 1) << i;
    }
    void ciede2000MatchesSharmaTable1() {
        QFETCH(int, pair);
        const auto& r = kSharma[std::size_t(pair)];
        const Lab p{r[0], r[1], r[2]}, q{r[3], r[4], r[5]};
        // The table is rounded to 4 decimals.
        const double forward = ciede2000(p, q), backward = ciede2000(q, p);
        QVERIFY2(std::abs(forward - r[6]) <= 0.5e-4, qPrintable(QString("dE00 %1, published %2").arg(forward, 0, 'f', 6).arg(r[6])));
        QVERIFY2(std::abs(backward - r[6]) <= 0.5e-4, qPrintable(QString("dE00 %1 (swapped), published %2").arg(backward, 0, 'f', 6).arg(r[6])));
    }

    void ciede2000OfEqualColoursIsZero() {
        for (const auto& r : kSharma) QCOMPARE(ciede2000(Lab{r[0], r[1], r[2]}, Lab{r[0], r[1], r[2]}), 0.0);
        // Two greys differ by their lightness term alone: dE00 = |dL| / S_L, with
        // S_L = 1 + 0.015 (Lbar - 50)^2 / sqrt(20 + (Lbar - 50)^2) (hand calculation: Lbar = 50 gives S_L = 1).
        QVERIFY(std::abs(ciede2000(Lab{45, 0, 0}, Lab{55, 0, 0}) - 10.0) < 1e-9);
        const double lbar = 70, sl = 1 + 0.015 * 400 / std::sqrt(20 + 400.0);
        QVERIFY(std::abs(ciede2000(Lab{lbar - 2, 0, 0}, Lab{lbar + 2, 0, 0}) - 4.0 / sl) < 1e-9);
    }

    void labOfTheRec709PrimariesAndWhite_data() {
        QTest::addColumn<double>("r");
        QTest::addColumn<double>("g");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("L");
        QTest::addColumn<double>("A");
        QTest::addColumn<double>("B");
        QTest::newRow("white") << 1.0 << 1.0 << 1.0 << 100.0 << 0.0 << 0.0;
        QTest::newRow("red") << 1.0 << 0.0 << 0.0 << 53.2408 << 80.0925 << 67.2032;
        QTest::newRow("green") << 0.0 << 1.0 << 0.0 << 87.7347 << -86.1827 << 83.1793;
        QTest::newRow("blue") << 0.0 << 0.0 << 1.0 << 32.2970 << 79.1875 << -107.8602;
        QTest::newRow("grey 0.18") << 0.18 << 0.18 << 0.18 << greyL(0.18) << 0.0 << 0.0;
        QTest::newRow("grey 0.005 (linear part)") << 0.005 << 0.005 << 0.005 << greyL(0.005) << 0.0 << 0.0;
        QTest::newRow("black") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << 0.0;
    }
    void labOfTheRec709PrimariesAndWhite() {
        QFETCH(double, r);
        QFETCH(double, g);
        QFETCH(double, b);
        QFETCH(double, L);
        QFETCH(double, A);
        QFETCH(double, B);
        const float rgb[3] = {float(r), float(g), float(b)};
        const Lab lab = labFromLinearRgb(rgb);
        // Lindbloom's figures use the sRGB matrix rounded to 4 decimals; 0.01 covers that and float input.
        const QString got = QString("(%1, %2, %3)").arg(lab[0]).arg(lab[1]).arg(lab[2]);
        QVERIFY2(std::abs(lab[0] - L) < 0.01, qPrintable(got));
        QVERIFY2(std::abs(lab[1] - A) < 0.01, qPrintable(got));
        QVERIFY2(std::abs(lab[2] - B) < 0.01, qPrintable(got));
    }

    void rec709MatrixMapsWhiteToD65() {
        // D65 white point x = 0.3127, y = 0.3290 with Y = 1: X = x / y, Z = (1 - x - y) / y.
        const Eigen::Vector3d w = rec709ToXyzD65() * Eigen::Vector3d(1, 1, 1);
        QVERIFY(std::abs(w[0] - 0.3127 / 0.3290) < 1e-6);
        QVERIFY(std::abs(w[1] - 1.0) < 1e-12);
        QVERIFY(std::abs(w[2] - (1 - 0.3127 - 0.3290) / 0.3290) < 1e-6);
    }

    void imageConversionAndDeltaEMapAgreeWithThePixelFunctions() {
        Image x(3, 2, 0.0f), y(3, 2, 0.0f);
        const float colours[6][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.18f, 0.18f, 0.18f}, {0.5f, 0.2f, 0.1f}, {0, 0, 0}};
        for (int i = 0; i < 6; ++i)
            for (int c = 0; c < 3; ++c) {
                x.pixel(i % 3, i / 3)[c] = colours[i][c];
                y.pixel(i % 3, i / 3)[c] = colours[5 - i][c];
            }
        const LabImage lx = toLab(x), ly = toLab(y);
        const FloatPlane d = deltaE2000Map(lx, ly);
        for (int i = 0; i < 6; ++i) {
            const Lab p = labFromLinearRgb(colours[i]), q = labFromLinearRgb(colours[5 - i]);
            QVERIFY(std::abs(lx.L[std::size_t(i)] - p[0]) < 1e-3 && std::abs(lx.a[std::size_t(i)] - p[1]) < 1e-3);
            QVERIFY(std::abs(d[std::size_t(i)] - ciede2000(p, q)) < 1e-3);
        }
    }
};

QTEST_GUILESS_MAIN(TestLabCiede2000)
#include "test_lab_ciede2000.moc"
