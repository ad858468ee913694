// Generated faults with known answers for the unintended-change analysis: each check fires on its
// own fault and stays quiet on the identity edit.
#include "EditTestImages.h"

#include "edit/EditEvaluation.h"
#include "edit/GaussianBlur.h"
#include "edit/ImageViews.h"
#include "edit/PhaseCorrelation.h"
#include "edit/UnintendedChanges.h"
#include "image/ImageIO.h"
#include "support/TestSupport.h"

#include <OpenImageIO/imageio.h>

#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::edit;
using namespace ll::test;

namespace {

const ColourConfig& colour() {
    static const ColourConfig c = ColourConfig::builtin();
    return c;
}

UnintendedChangeReport analyse(const Image& x, const Image& y, std::optional<Mask> mask = std::nullopt) {
    EditCase c;
    c.input = x;
    c.edit = y;
    c.mask = std::move(mask);
    const ImageViews vx = makeViews(c.input, colour()), vy = makeViews(c.edit, colour());
    return analyseUnintendedChanges(c, vx, vy, colour());
}

// Whether check `name` flagged the edit; a check missing from the report fails the test (so a
// renamed check cannot make a "not flagged" assertion pass).
bool flagged(const UnintendedChangeReport& r, const char* name) {
    const CheckResult* c = r.check(name);
    if (!c) QTest::qFail(qPrintable(QString("no check named '%1' in the report").arg(name)), __FILE__, __LINE__);
    return c && c->flagged;
}

QString summary(const UnintendedChangeReport& r) {
    QString s;
    for (const auto& c : r.checks)
        s += QString("%1=%2%3 ").arg(QString::fromStdString(c.name)).arg(c.value ? *c.value : NAN, 0, 'g', 4).arg(c.flagged ? "!" : "");
    return s;
}

Image applyLinear(const Image& x, const std::function<void(float*)>& f) {
    Image y = x;
    for (int j = 0; j < y.height(); ++j)
        for (int i = 0; i < y.width(); ++i) f(y.pixel(i, j));
    return y;
}

Image blurred(const Image& x, double sigma) {
    Image y = x;
    for (int c = 0; c < 3; ++c) {
        FloatPlane p(x.width(), x.height());
        for (std::size_t i = 0; i < p.size(); ++i) p[i] = x.data()[3 * i + c];
        p = gaussianBlur(p, sigma);
        for (std::size_t i = 0; i < p.size(); ++i) y.data()[3 * i + c] = p[i];
    }
    return y;
}

// Gaussian noise of `sigma` (in sRGB code units / 255) added to the sRGB encoding, then 8-bit.
Image withNoise(const Image& x, double sigma, std::uint64_t seed) {
    const ModelImagePath path(colour(), "srgb");
    Codes8 c = path.toCodes(x);
    Rng r(seed);
    for (auto& v : c.rgb) v = std::uint8_t(std::clamp(std::lround(v + sigma * r.normal()), 0l, 255l));
    return path.decode(c);
}

Image jpegRoundTrip(const Image& x, int quality, const std::filesystem::path& dir) {
    const ModelImagePath path(colour(), "srgb");
    const Codes8 c = path.toCodes(x);
    const std::string file = (dir / "fault.jpg").string();
    auto out = OIIO::ImageOutput::create(file);
    OIIO::ImageSpec spec(c.width, c.height, 3, OIIO::TypeDesc::UINT8);
    spec.attribute("Compression", "jpeg:" + std::to_string(quality));
    if (!out || !out->open(file, spec) || !out->write_image(OIIO::TypeDesc::UINT8, c.rgb.data())) return {};
    out->close();
    return path.decode(loadImage(file));
}

const char* kChecks[] = {"misalignment", "repainting", "blur", "noise", "color cast", "exposure degradation",
                         "artifact", "semantic"};

} // namespace

class TestUnintendedChanges : public QObject {
    Q_OBJECT

    Scene scene;
    Image x;

private Q_SLOTS:
    void initTestCase() { x = through8bit(scene.render(), colour()); }

    void identityIsQuiet() {
        const auto r = analyse(x, x);
        qInfo() << summary(r);
        for (const char* c : kChecks) QVERIFY2(!flagged(r, c), c);
        for (const auto& v : r.verdicts) QVERIFY(v.consistent);
        QCOMPARE(r.check("misalignment")->value.value_or(-1), 0.0);
        QVERIFY(r.candidates.empty());
        // With a mask: still quiet, and P excludes the dilated mask.
        const Mask m = ellipseMask(x.width(), x.height(), 128, 96, 40, 30);
        const auto rm = analyse(x, x, m);
        for (const char* c : kChecks) QVERIFY2(!flagged(rm, c), c);
        QVERIFY(rm.preservedPixels < x.pixelCount() - countSet(m));
    }

    void globalShifts_data() {
        QTest::addColumn<double>("shift");
        QTest::newRow("0.5 px") << 0.5;
        QTest::newRow("1 px") << 1.0;
        QTest::newRow("2 px") << 2.0;
        QTest::newRow("5 px") << 5.0;
    }
    void globalShifts() {
        QFETCH(double, shift);
        const double dx = 0.8 * shift, dy = -0.6 * shift;
        const Image y = through8bit(scene.render([&](double, double, double& a, double& b) { a = dx; b = dy; }), colour());
        const auto r = analyse(x, y);
        const CheckResult* m = r.check("misalignment");
        const double ex = m->details["global_dx"], ey = m->details["global_dy"];
        qInfo() << "shift" << shift << "estimated" << ex << ey << summary(r);
        QVERIFY(std::abs(ex - dx) < 0.1);
        QVERIFY(std::abs(ey - dy) < 0.1);
        // At exactly the 1 px threshold the flag is a coin toss; below and above it is not.
        if (shift < 0.9) QVERIFY(!m->flagged);
        if (shift > 1.1) QVERIFY(m->flagged);
        // The compensated edit is not read as degraded.
        for (const char* c : {"blur", "noise", "color cast", "exposure degradation", "artifact"})
            QVERIFY2(!flagged(r, c), c);
    }

    void localWarpIsMisalignment() {
        // A smooth bump displacement of up to 4 px around (170, 110), nothing elsewhere.
        const Image y = through8bit(scene.render([](double u, double v, double& a, double& b) {
                                        const double g = std::exp(-(std::pow(u - 170, 2) + std::pow(v - 110, 2)) / (2 * 28.0 * 28.0));
                                        a = 4.0 * g;
                                        b = -2.0 * g;
                                    }),
                                    colour());
        const auto r = analyse(x, y);
        qInfo() << summary(r) << QString::fromStdString(r.check("misalignment")->details.dump());
        QVERIFY(flagged(r, "misalignment"));
        QVERIFY(r.check("misalignment")->details["local_flag"].get<bool>());
        QVERIFY(!r.check("misalignment")->details["global_flag"].get<bool>());
        QVERIFY(!flagged(r, "noise"));
        QVERIFY(!flagged(r, "color cast"));
        QVERIFY(!flagged(r, "exposure degradation"));
    }

    void blurIsBlur() {
        const Image y = through8bit(blurred(x, 1.2), colour());
        const auto r = analyse(x, y);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "blur"));
        QVERIFY(!flagged(r, "noise"));
        QVERIFY(!flagged(r, "misalignment"));
        QVERIFY(!flagged(r, "color cast"));
        QVERIFY(!flagged(r, "artifact"));
        QVERIFY(!r.verdict("low-level")->consistent);
    }

    void noiseIsNoise() {
        const Image y = withNoise(x, 4.0, 7);
        const auto r = analyse(x, y);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "noise"));
        QVERIFY(!flagged(r, "blur"));
        QVERIFY(!flagged(r, "misalignment"));
        QVERIFY(!flagged(r, "color cast"));
        QVERIFY(!flagged(r, "exposure degradation"));
        // Below the threshold: 1/255 of noise on top of the quantisation is not flagged.
        QVERIFY(!flagged(analyse(x, withNoise(x, 0.6, 8)), "noise"));
    }

    void colourCastIsColourCast() {
        const Image y = through8bit(applyLinear(x, [](float* p) { p[0] *= 1.10f; p[2] *= 0.88f; }), colour());
        const auto r = analyse(x, y);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "color cast"));
        QVERIFY(!flagged(r, "exposure degradation"));
        QVERIFY(!flagged(r, "blur"));
        QVERIFY(!flagged(r, "noise"));
        QVERIFY(!flagged(r, "misalignment"));
    }

    void exposureIsExposure_data() {
        QTest::addColumn<double>("gain");
        QTest::newRow("brighter x1.6") << 1.6;
        QTest::newRow("darker x0.6") << 0.6;
    }
    void exposureIsExposure() {
        QFETCH(double, gain);
        const Image y = through8bit(applyLinear(x, [&](float* p) { for (int c = 0; c < 3; ++c) p[c] *= float(gain); }), colour());
        const auto r = analyse(x, y);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "exposure degradation"));
        QVERIFY(!flagged(r, "color cast"));
        QVERIFY(!flagged(r, "misalignment"));
        QVERIFY(!flagged(r, "noise"));
    }

    void jpegBlockingIsArtifact() {
        QTemporaryDir tmp;
        const Image y = jpegRoundTrip(x, 12, tmp.path().toStdString());
        QVERIFY(!y.empty());
        const auto r = analyse(x, y);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "artifact"));
        QVERIFY(!flagged(r, "misalignment"));
        QVERIFY(!flagged(r, "exposure degradation"));
        // High quality JPEG is not blocky.
        const auto hq = analyse(x, jpegRoundTrip(x, 95, tmp.path().toStdString()));
        QVERIFY(!flagged(hq, "artifact"));
    }

    void pastedContentIsAnAddCandidate() {
        // A textured patch appears on the flat-ish dark disc area outside the mask; a different
        // texture replaces a textured area.
        Scene flat = scene;
        Image y = x;
        const Texture stripes(99, 6, 0.18, 0.25, 1.2);
        for (int j = 20; j < 60; ++j)
            for (int i = 20; i < 70; ++i)
                for (int c = 0; c < 3; ++c) y.at(i, j, c) = float(0.25 * stripes(i + 0.5, j + 0.5));
        const Mask m = ellipseMask(x.width(), x.height(), 150, 120, 30, 25);
        const auto r = analyse(x, through8bit(y, colour()), m);
        qInfo() << summary(r);
        QVERIFY(flagged(r, "semantic"));
        QCOMPARE(int(r.candidates.size()), 1);
        const auto& c = r.candidates[0];
        QVERIFY(c.x0 >= 14 && c.x0 <= 26 && c.y0 >= 14 && c.y0 <= 26);
        QVERIFY(c.x1 >= 63 && c.x1 <= 76 && c.y1 >= 53 && c.y1 <= 66);
        QVERIFY(!r.verdict("semantic")->consistent);
    }

    void realPhotoShiftAndNoise() {
        const Image photo = [] {
            const Image p = loadImage(dataFile("mls-dataset/crop_2HAL_desk_off.png"));
            return ModelImagePath(colour(), "srgb").decode(p);
        }();
        const auto id = analyse(photo, photo);
        for (const char* c : kChecks) QVERIFY2(!flagged(id, c), c);
        const Image shifted = through8bit(fourierShift(photo, 2.5, 1.0), colour());
        const auto r = analyse(photo, shifted);
        qInfo() << "photo" << photo.width() << photo.height() << summary(r);
        QVERIFY(flagged(r, "misalignment"));
        QVERIFY(std::abs(double(r.check("misalignment")->details["global_dx"]) - 2.5) < 0.15);
        QVERIFY(std::abs(double(r.check("misalignment")->details["global_dy"]) - 1.0) < 0.15);
        const auto n = analyse(photo, withNoise(photo, 4.0, 3));
        QVERIFY(flagged(n, "noise"));
    }
};

QTEST_GUILESS_MAIN(TestUnintendedChanges)
#include "test_unintended_changes.moc"
