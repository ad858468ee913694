// The OCIO config and the colour paths: known values from the standards, and cross-checks between
// the matrices in resources/ocio/config.ocio and the ones derived from chromaticities.
#include "colour/Chromaticities.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "colour/SceneLinear.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

using namespace ll;

namespace {
// The sRGB EOTF written out from IEC 61966-2-1, independently of OCIO.
double srgbToLinear(double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); }

Image onePixel(float r, float g, float b) {
    Image img(1, 1);
    img.at(0, 0, 0) = r;
    img.at(0, 0, 1) = g;
    img.at(0, 0, 2) = b;
    return img;
}
} // namespace

class TestColour : public QObject {
    Q_OBJECT
    ColourConfig colour_ = ColourConfig::builtin();

private Q_SLOTS:
    void configHasTheSpacesTheSpecNames() {
        for (const char* cs : {"lin_rec709", "srgb", "display_p3", "rec709_g24", "acescg", "aces2065_1", "srgb_display"})
            QVERIFY2(colour_.hasColourSpace(cs), cs);
        QCOMPARE(colour_.canonicalName("ACEScg"), std::string("acescg"));
        QVERIFY_THROWS_EXCEPTION(Error, colour_.canonicalName("no such space"));
    }

    void srgbDecodeTableMatchesTheStandard() {
        const ModelImagePath path(colour_);
        for (int code = 0; code < 256; ++code) {
            const double expect = srgbToLinear(code / 255.0);
            QVERIFY2(std::abs(path.decodeTable()[code] - expect) < 2e-6 + 1e-5 * expect, qPrintable(QString::number(code)));
        }
        QVERIFY(std::abs(path.decodeTable()[128] - 0.2158605) < 1e-5);
    }

    void eightBitPathRoundTripsCodes() {
        // Every code decoded and re-encoded comes back to itself.
        const ModelImagePath path(colour_);
        Codes8 codes{256, 1, {}};
        for (int i = 0; i < 256; ++i) codes.rgb.insert(codes.rgb.end(), {std::uint8_t(i), std::uint8_t(255 - i), std::uint8_t(i / 2)});
        const float k = 2.5f;
        const Image lin = path.decode(codes, k);
        const Codes8 again = path.toCodes(lin, k);
        QVERIFY(again.rgb == codes.rgb);
    }

    void codeOfRoundsLikeLround() {
        // Every float around each code's rounding boundary, plus the special values.
        for (int code = 0; code < 256; ++code) {
            float v = (float(code) + 0.5f) / 255.0f;
            for (int step = 0; step < 64; ++step) v = std::nextafter(v, 0.0f);
            for (int step = 0; step < 128; ++step, v = std::nextafter(v, 2.0f)) {
                const long want = std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f);
                QCOMPARE(long(ModelImagePath::codeOf(v)), want);
            }
        }
        QCOMPARE(int(ModelImagePath::codeOf(-0.0f)), 0);
        QCOMPARE(int(ModelImagePath::codeOf(-3.0f)), 0);
        QCOMPARE(int(ModelImagePath::codeOf(7.0f)), 255);
        QCOMPARE(int(ModelImagePath::codeOf(INFINITY)), 255);
        QCOMPARE(int(ModelImagePath::codeOf(NAN)), 0);
    }

    void decodeIntoReusesTheImage() {
        const ModelImagePath path(colour_);
        Codes8 codes{16, 16, {}};
        for (int i = 0; i < 16 * 16 * 3; ++i) codes.rgb.push_back(std::uint8_t(i * 7));
        const float k = 1.7f;
        Image out(16, 16, -1.0f);
        const float* before = out.data();
        path.decode(codes, k, out);
        QCOMPARE(out.data(), before); // same buffer
        for (std::size_t i = 0; i < codes.rgb.size(); ++i) QCOMPARE(out.data()[i], path.decodeTable()[codes.rgb[i]] * (1.0f / k));
        const Image fresh = path.decode(codes, k);
        QVERIFY(std::equal(fresh.data(), fresh.data() + fresh.floatCount(), out.data()));
    }

    void modelInputClampsAndScales() {
        const ModelImagePath path(colour_);
        Image img(3, 1);
        const float vals[9] = {0.5f, 0.5f, 0.5f, 10.f, -1.f, 0.f, 0.1f, 0.2f, 0.3f};
        std::copy(vals, vals + 9, img.data());
        const Codes8 c = path.toCodes(img, 2.0f);
        QCOMPARE(int(c.rgb[0]), 255);  // 0.5 * 2 = 1
        QCOMPARE(int(c.rgb[3]), 255);  // clipped
        QCOMPARE(int(c.rgb[4]), 0);    // negative clamps to 0
        const double expect = 255.0 * 1.055 * std::pow(0.2, 1 / 2.4) - 0.055 * 255.0;
        QCOMPARE(int(c.rgb[6]), int(std::lround(expect)));
    }

    void rec709Gamma24IsAPurePower() {
        Image img = onePixel(0.5f, 0.25f, 1.0f);
        colour_.convert(img, "rec709_g24", "lin_rec709");
        QVERIFY(std::abs(img.at(0, 0, 0) - std::pow(0.5, 2.4)) < 1e-5);
        QVERIFY(std::abs(img.at(0, 0, 1) - std::pow(0.25, 2.4)) < 1e-5);
    }

    void configMatricesAgreeWithChromaticities_data() {
        QTest::addColumn<QString>("space");
        QTest::addColumn<int>("which");
        QTest::newRow("acescg") << "acescg" << 1;
        QTest::newRow("aces2065_1") << "aces2065_1" << 0;
        QTest::newRow("lin_p3d65") << "lin_p3d65" << 3;
    }
    void configMatricesAgreeWithChromaticities() {
        QFETCH(QString, space);
        QFETCH(int, which);
        const Chromaticities c = which == 0 ? kAcesAP0Chromaticities : which == 1 ? kAcesAP1Chromaticities : kP3D65Chromaticities;
        const Eigen::Matrix3d m = toRec709(c);
        for (int col = 0; col < 3; ++col) {
            Image img = onePixel(col == 0, col == 1, col == 2);
            colour_.convert(img, space.toStdString(), "lin_rec709");
            for (int row = 0; row < 3; ++row) QVERIFY(std::abs(img.at(0, 0, row) - m(row, col)) < 1e-5);
        }
        // White stays white (Bradford adaptation to D65).
        const Eigen::Vector3d w = m * Eigen::Vector3d::Ones();
        QVERIFY((w - Eigen::Vector3d::Ones()).norm() < 1e-6);
    }

    void displayP3RedIsOutOfGamutInRec709() {
        Image img = onePixel(1, 0, 0);
        colour_.convert(img, "display_p3", "lin_rec709");
        QVERIFY(std::abs(img.at(0, 0, 0) - 1.2249402) < 1e-4);
        QVERIFY(img.at(0, 0, 1) < 0);
    }

    void exrChromaticitiesAreHonoured() {
        // ScanLines_Carrots.exr declares ACES AP0 primaries: its pixels must come out in Rec.709.
        Image raw = loadImage(test::dataFile("openexr-images/ScanLines_Carrots.exr"));
        const Image lin = toSceneLinear(raw, colour_);
        QCOMPARE(lin.info.colourSpace, std::string("lin_rec709"));
        const Eigen::Matrix3d m = toRec709(kAcesAP0Chromaticities);
        const int x = 300, y = 200;
        const Eigen::Vector3d in(raw.at(x, y, 0), raw.at(x, y, 1), raw.at(x, y, 2));
        const Eigen::Vector3d out = m * in;
        for (int c = 0; c < 3; ++c) QVERIFY(std::abs(lin.at(x, y, c) - out[c]) < 1e-4 * (1 + std::abs(out[c])));
    }

    void srgbFilesAreLinearised() {
        const Image raw = loadImage(test::dataFile("mls-dataset/crop_2HAL_desk_off.png"));
        QCOMPARE(raw.info.colourSpace, std::string("srgb"));
        const Image lin = toSceneLinear(raw, colour_);
        QVERIFY(std::abs(lin.at(10, 10, 1) - srgbToLinear(raw.at(10, 10, 1))) < 1e-5);
    }

    void exposureMapsPercentileToTarget() {
        Image img(1000, 1);
        for (int x = 0; x < 1000; ++x)
            for (int c = 0; c < 3; ++c) img.at(x, 0, c) = float(x + 1);
        // numpy.percentile(arange(1,1001), 99.5) = 995.005
        const float k = exposureForPercentile(img, 99.5, 0.9);
        QVERIFY(std::abs(k - 0.9 / 995.005) < 1e-7);
    }
};

QTEST_GUILESS_MAIN(TestColour)
#include "test_colour.moc"
