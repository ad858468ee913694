// The unintended-change checks and the preservation score on faults generated from real
// photographs (tests/data: the MLS desk crop, CC BY-SA 4.0, Smagina et al. 2019; the OpenEXR
// Cannon photograph, BSD-3; the piccante bottles photograph, MPL-2.0). Each fault asserts the checks
// that must fire and the checks that must stay quiet: compression, noise, exposure and object edits
// are not misalignment, a JPEG is not a repainting, a near-saturated photograph does not gain clipping
// from compression, a copied region does not pull the global shift, and a darkening or colour flood
// outside the mask lowers preservation.
#include "RealPhotoFaults.h"

#include "edit/GaussianBlur.h"
#include "edit/ImageViews.h"
#include "edit/MaterialScores.h"
#include "edit/MisalignmentCheck.h"
#include "edit/Morphology.h"
#include "edit/PhaseCorrelation.h"
#include "image/BorderIndex.h"
#include "edit/UnintendedChanges.h"

#include <QtTest>

#include <cmath>
#include <set>

using namespace ll;
using namespace ll::edit;
using namespace ll::test;

namespace {

const std::vector<std::string> kChecks = {"misalignment", "repainting", "blur",     "noise", "color cast",
                                          "exposure degradation", "artifact", "semantic"};

struct Outcome {
    UnintendedChangeReport report;
    MaterialScores scores;
};

Outcome evaluate(const Image& x, const Image& y, const std::optional<Mask>& mask = std::nullopt,
                 const UnintendedChangeParams& params = {}) {
    EditCase c;
    c.input = x;
    c.edit = y;
    c.mask = mask;
    const ImageViews vx = makeViews(c.input, builtinColour()), vy = makeViews(c.edit, builtinColour());
    return {analyseUnintendedChanges(c, vx, vy, builtinColour(), params), computeMaterialScores(c, vx, vy, builtinColour())};
}

QString summary(const UnintendedChangeReport& r) {
    QString s;
    for (const auto& c : r.checks)
        s += QString("%1=%2%3 ").arg(QString::fromStdString(c.name)).arg(c.value ? *c.value : NAN, 0, 'g', 3).arg(c.flagged ? "!" : "");
    return s;
}

// Central ellipse covering about a fifth of the image: the intended edit region of the masked faults.
Mask centralMask(const Image& x) {
    return ellipseMask(x.width(), x.height(), 0.5 * x.width(), 0.5 * x.height(), 0.25 * x.width(), 0.25 * x.height());
}

const std::vector<Photo>& photos() {
    static const std::vector<Photo> p = {
        photoFromPng("desk", "mls-dataset/crop_2HAL_desk_off.png"),
        photoFromHdr("cannon", "openexr-images/ScanLines_Cannon.exr", 2),
        photoFromHdr("bottles", "piccante/bottles.hdr", 3),
    };
    return p;
}

void addPhotoRows() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < photos().size(); ++i) QTest::newRow(photos()[i].name.c_str()) << int(i);
}

struct Expectation {
    std::set<std::string> fire, quiet;
};

void expect(const Outcome& o, const Expectation& e, const QString& label) {
    qInfo().noquote() << label << summary(o.report) << "pres" << o.scores.preservation.value.value_or(NAN) << "ssim"
                      << o.scores.ssimOutside.value_or(NAN) << "colour" << o.scores.colourOutside.value_or(NAN);
    for (const auto& c : o.report.candidates)
        qInfo().noquote() << "  candidate" << c.label.c_str() << c.x0 << c.y0 << c.x1 << c.y1 << c.area;
    for (const auto& name : e.fire) {
        const CheckResult* c = o.report.check(name);
        QVERIFY2(c && c->flagged, qPrintable(label + ": " + QString::fromStdString(name) + " should fire"));
    }
    for (const auto& name : e.quiet) {
        const CheckResult* c = o.report.check(name);
        QVERIFY2(c && !c->flagged,
                 qPrintable(label + ": " + QString::fromStdString(name) + " should stay quiet; " +
                            QString::fromStdString(c ? c->details.dump() : "")));
    }
}

std::set<std::string> allBut(std::initializer_list<std::string> except) {
    std::set<std::string> s(kChecks.begin(), kChecks.end());
    for (const auto& e : except) s.erase(e);
    return s;
}

} // namespace

class TestRealPhotoFaults : public QObject {
    Q_OBJECT

    QTemporaryDir tmp;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp.isValid());
        for (const auto& p : photos()) QVERIFY2(p.linear.width() >= 256 && p.linear.height() >= 200, p.name.c_str());
    }

    void fourierShiftIsExactForWholePixels() {
        // A whole-pixel shift of the mirror-padded, tapered raster is a plain translation of the
        // mirrored image: y(p) = x(mirror(p - d)) at every pixel (FFT rounding aside). Before the Nyquist
        // bins moved with the rest, a one-pixel shift left an alternating pattern of their amplitude.
        const Image& photo = photos()[0].linear;
        FloatPlane x(photo.width(), photo.height());
        for (int j = 0; j < x.height(); ++j)
            for (int i = 0; i < x.width(); ++i) x(i, j) = photo.at(i, j, 1);
        for (const auto& [dx, dy] : std::vector<std::pair<int, int>>{{1, 0}, {0, 1}, {1, -2}, {-3, 2}}) {
            const FloatPlane y = fourierShift(x, dx, dy);
            double worst = 0;
            for (int j = 0; j < x.height(); ++j)
                for (int i = 0; i < x.width(); ++i)
                    worst = std::max(worst, double(std::abs(y(i, j) - x(mirrorIndex(i - dx, x.width()), mirrorIndex(j - dy, x.height())))));
            QVERIFY2(worst < 1e-4, qPrintable(QString("shift %1,%2: %3").arg(dx).arg(dy).arg(worst)));
        }
        // A sub-pixel shift there and back returns the photograph away from the border (the Nyquist
        // component is halved twice by cos(pi d) at 0.5 px, so test at 0.3 px).
        const FloatPlane back = fourierShift(fourierShift(x, 0.3, -0.3), -0.3, 0.3);
        double worst = 0;
        for (int j = 3; j < x.height() - 3; ++j)
            for (int i = 3; i < x.width() - 3; ++i) worst = std::max(worst, double(std::abs(back(i, j) - x(i, j))));
        QVERIFY2(worst < 0.02, qPrintable(QString::number(worst)));
    }

    void identityIsQuiet_data() { addPhotoRows(); }
    void identityIsQuiet() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const Outcome o = evaluate(x, x, centralMask(x));
        expect(o, {{}, allBut({})}, "identity");
        QVERIFY(*o.scores.preservation.value > 0.99999);
    }

    void jpegIsNotMisalignmentOrRepainting_data() { addPhotoRows(); }
    void jpegIsNotMisalignmentOrRepainting() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        for (int q : {15, 40, 75, 90}) {
            const Image y = jpegAtQuality(x, q, tmp.path().toStdString());
            QVERIFY(!y.empty());
            const Outcome o = evaluate(x, y);
            expect(o, {{}, {"misalignment", "repainting", "color cast", "exposure degradation", "noise"}},
                   QString("jpeg q%1").arg(q));
            if (q >= 75) expect(o, {{}, allBut({"artifact"})}, QString("jpeg q%1").arg(q));
        }
    }

    void repaintedTextureIsRepainting_data() { addPhotoRows(); }
    void repaintedTextureIsRepainting() {
        // Inside a rectangle covering a sixth of the image, the coarse image is kept (Gaussian sigma 3 px)
        // and the fine detail is taken from 41, 29 px away: same shapes from afar, different detail up
        // close. Elsewhere y = x.
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        Image low = x, y = x;
        for (int c = 0; c < 3; ++c) {
            FloatPlane pl(x.width(), x.height());
            for (std::size_t i = 0; i < pl.size(); ++i) pl[i] = x.data()[3 * i + c];
            pl = gaussianBlur(pl, 3.0);
            for (std::size_t i = 0; i < pl.size(); ++i) low.data()[3 * i + c] = pl[i];
        }
        const int x0 = x.width() / 4, y0 = x.height() / 3, w = x.width() / 2, h = x.height() / 3;
        for (int j = y0; j < y0 + h; ++j)
            for (int i = x0; i < x0 + w; ++i)
                for (int c = 0; c < 3; ++c) {
                    const int si = (i + 41) % x.width(), sj = (j + 29) % x.height();
                    y.at(i, j, c) = std::max(0.0f, low.at(i, j, c) + x.at(si, sj, c) - low.at(si, sj, c));
                }
        const Outcome o = evaluate(x, through8bit(y, builtinColour()));
        expect(o, {{"repainting"}, {"misalignment", "exposure degradation"}}, "repainted detail");
    }

    void sensorNoiseIsNoiseOnly_data() { addPhotoRows(); }
    void sensorNoiseIsNoiseOnly() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const Outcome o = evaluate(x, sensorNoise(x, 2e-3, 4e-3, 5 + index));
        expect(o, {{"noise"}, {"misalignment", "repainting", "blur", "color cast", "exposure degradation"}}, "noise");
    }

    void subPixelShifts_data() { addPhotoRows(); }
    void subPixelShifts() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        expect(evaluate(x, shifted(x, 0.3, -0.2)), {{}, allBut({})}, "shift 0.36 px");
        const Outcome o = evaluate(x, shifted(x, 1.28, -0.96));
        expect(o, {{"misalignment"}, allBut({"misalignment"})}, "shift 1.6 px");
        const auto& d = o.report.check("misalignment")->details;
        QVERIFY(std::abs(d["global_dx"].get<double>() - 1.28) < 0.15);
        QVERIFY(std::abs(d["global_dy"].get<double>() + 0.96) < 0.15);
        QVERIFY(o.report.candidates.empty());
    }

    void exposureIsExposureOnly_data() { addPhotoRows(); }
    void exposureIsExposureOnly() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const Outcome o = evaluate(x, channelGain(x, 0.6f, 0.6f, 0.6f));
        expect(o, {{"exposure degradation"}, {"misalignment", "repainting", "color cast", "noise", "blur"}}, "exposure x0.6");
    }

    void cleanMaskedEditIsQuiet_data() { addPhotoRows(); }
    void cleanMaskedEditIsQuiet() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const Mask m = centralMask(x);
        const Outcome o = evaluate(x, channelGain(x, 0.5f, 0.8f, 1.6f, &m), m);
        expect(o, {{}, allBut({})}, "masked recolour");
        QVERIFY(*o.scores.preservation.value > 0.98);
    }

    void changesOutsideTheMaskLowerPreservation_data() { addPhotoRows(); }
    void changesOutsideTheMaskLowerPreservation() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const Mask m = centralMask(x);
        const Mask outside = invertMask(m);
        const Outcome dark = evaluate(x, channelGain(x, 0.8f, 0.8f, 0.8f, &outside), m);
        expect(dark, {{}, {"misalignment", "repainting", "color cast", "noise", "blur"}}, "outside darkened 20%");
        const Outcome flood = evaluate(x, channelGain(x, 1.25f, 1.0f, 0.75f, &outside), m);
        expect(flood, {{"color cast"}, {"misalignment", "repainting", "noise", "blur"}}, "colour flood outside");
        // SSIM of luminance alone hardly moves (why preservation has a colour term); preservation does.
        QVERIFY(*dark.scores.ssimOutside > 0.98 && *flood.scores.ssimOutside > 0.98);
        QVERIFY(*dark.scores.preservation.value < 0.9);
        QVERIFY(*flood.scores.preservation.value < 0.9);
    }

    void copiedRegionDoesNotMoveTheGlobalShift_data() { addPhotoRows(); }
    void copiedRegionDoesNotMoveTheGlobalShift() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        // A third of the image copied elsewhere.
        const int w = x.width() / 3, h = x.height() / 3;
        const Outcome o = evaluate(x, copiedRegion(x, 8, 8, w, h, x.width() / 2 - w / 2 + 20, x.height() / 2 - h / 2 + 10));
        expect(o, {{"semantic"}, {"misalignment", "noise", "color cast"}}, "copied region");
        const auto& d = o.report.check("misalignment")->details;
        QVERIFY(std::abs(d["global_dx"].get<double>()) < 0.5 && std::abs(d["global_dy"].get<double>()) < 0.5);
        // The votes of the blocks: the copy's offset against no shift. The copied third (content moved by
        // (tx - 8, ty - 8)) wins only the blocks inside it.
        const Image y = copiedRegion(x, 8, 8, w, h, x.width() / 2 - w / 2 + 20, x.height() / 2 - h / 2 + 10);
        const ImageViews vx = makeViews(x, builtinColour()), vy = makeViews(y, builtinColour());
        const double cx = x.width() / 2 - w / 2 + 20 - 8, cy = x.height() / 2 - h / 2 + 10 - 8;
        const Mask all(x.width(), x.height(), 1);
        std::size_t voters = 0;
        const auto support = globalShiftSupport(vx.luma, vy.luma, all, {{cx, cy, 0}, {0, 0, 0}}, {}, &voters);
        qInfo() << "support of the copy's offset" << support[0] << "of no shift" << support[1] << "voters" << voters;
        QVERIFY(voters >= 5);
        QVERIFY(support[1] > 0.5 && support[0] < support[1]);
    }

    void largeTrueShiftIsSupported_data() { addPhotoRows(); }
    void largeTrueShiftIsSupported() {
        // Two crops of one photograph 30 and 20 px apart: a true global shift of (-30, -20) px, beyond
        // the block search, which the blocks that still see the content confirm.
        QFETCH(int, index);
        const Image& p = photos()[index].linear;
        const int w = p.width() - 30, h = p.height() - 20;
        Image x(w, h), y(w, h);
        for (int j = 0; j < h; ++j)
            for (int i = 0; i < w; ++i)
                for (int c = 0; c < 3; ++c) {
                    x.at(i, j, c) = p.at(i, j, c);
                    y.at(i, j, c) = p.at(i + 30, j + 20, c);
                }
        const Outcome o = evaluate(x, y);
        const auto& d = o.report.check("misalignment")->details;
        qInfo() << "estimate" << d["global_dx"].get<double>() << d["global_dy"].get<double>() << "support"
                << d["global_support"].get<double>();
        QVERIFY(o.report.check("misalignment")->flagged);
        QVERIFY(std::abs(d["global_dx"].get<double>() + 30) < 0.2 && std::abs(d["global_dy"].get<double>() + 20) < 0.2);
        QVERIFY(d["global_supported"].get<bool>());
    }

    void objectEditsAreNotMisalignment_data() { addPhotoRows(); }
    void objectEditsAreNotMisalignment() {
        QFETCH(int, index);
        const Image& x = photos()[index].linear;
        const double r = 0.12 * x.height();
        const Outcome add = evaluate(x, addedObject(x, 0.3 * x.width(), 0.35 * x.height(), r));
        expect(add, {{"semantic"}, {"misalignment", "noise", "blur", "color cast"}}, "added object");
        const Outcome rem = evaluate(x, removedObject(x, 0.65 * x.width(), 0.6 * x.height(), r));
        expect(rem, {{"semantic"}, {"misalignment", "noise", "blur", "color cast"}}, "removed object");
    }

    void lampOffPairIsNotMisalignment() {
        const Photo on = photoFromPng("desk on", "mls-dataset/crop_2HAL_DESK_desk_on.png");
        const Outcome o = evaluate(photos()[0].linear, on.linear);
        expect(o, {{}, {"misalignment", "repainting", "noise", "blur"}}, "lamp off -> on");
    }

    void nearSaturatedPhotoDoesNotGainClipping_data() { addPhotoRows(); }
    void nearSaturatedPhotoDoesNotGainClipping() {
        QFETCH(int, index);
        // Exposed so that a tenth of the pixels is at 235-255 but little is clipped.
        const Image x = channelGain(photos()[index].linear, 1.8f, 1.8f, 1.8f);
        const Outcome jpg = evaluate(x, jpegAtQuality(x, 75, tmp.path().toStdString()));
        expect(jpg, {{}, {"exposure degradation", "misalignment", "repainting"}}, "near-saturated jpeg q75");
        const Outcome noisy = evaluate(x, sensorNoise(x, 1e-4, 1.5e-3, 11));
        expect(noisy, {{}, {"exposure degradation", "misalignment", "repainting"}}, "near-saturated low noise");
    }
};

QTEST_GUILESS_MAIN(TestRealPhotoFaults)
#include "test_real_photo_faults.moc"
