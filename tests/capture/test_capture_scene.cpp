// A whole capture: on and off brackets simulated from bottles.hdr (off = the photograph, on = the
// photograph plus a lamp's glow and its clipped bulb), merged into a scene that `prepare` accepts;
// the refusal of a moved view, the one-line errors naming the file, lens correction with lensfun.
#include "capture/BracketSimulation.h"
#include "capture/CaptureScene.h"
#include "capture/LensCorrection.h"
#include "dataset/Dataset.h"
#include "dataset/Prepare.h"
#include "dataset/SceneMeta.h"
#include "edit/PhaseCorrelation.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>

using namespace ll;
using namespace ll::capture;
namespace fs = std::filesystem;

namespace {

constexpr int kW = 228, kH = 171;

std::vector<double> bracketTimes() {
    std::vector<double> t;
    for (int b = 0; b < 2; ++b)
        for (int k = 0; k < 5; ++k) t.push_back(0.01 * std::pow(2.0, k - 2));
    return t;
}

double median(std::vector<double> v) {
    auto mid = v.begin() + v.size() / 2;
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

// Ambient radiance (off) at the base exposure of 1/100 s: median luminance 0.05 of full scale.
Image ambient() {
    Image x = test::sceneRadiance(kW, kH);
    std::vector<double> lum;
    for (std::size_t i = 0; i < x.pixelCount(); ++i) lum.push_back(x.data()[3 * i + 1]);
    const double s = 0.05 / median(lum);
    for (std::size_t i = 0; i < x.floatCount(); ++i) x.data()[i] = float(x.data()[i] * s);
    return x;
}

// The lamp: a warm glow falling off from (60, 50) and a bulb far brighter than any frame holds.
Image withLamp(const Image& a) {
    Image on = a;
    const float colour[3] = {1.0f, 0.8f, 0.55f};
    for (int y = 0; y < kH; ++y)
        for (int x = 0; x < kW; ++x) {
            const double r = std::hypot(x - 60.0, y - 50.0);
            const double glow = r < 5 ? 400.0 : 0.15 * std::exp(-r * r / (2 * 45.0 * 45.0));
            for (int c = 0; c < 3; ++c) on.at(x, y, c) += float(glow * colour[c] * (r < 5 ? 1.0 : a.at(x, y, c) / 0.05));
        }
    return on;
}

enum class Format { Tiff, Dng };

std::vector<fs::path> writeBracket(const Image& x, const fs::path& dir, const std::string& prefix, std::uint64_t seed,
                                   Format format = Format::Tiff, test::FrameExifTags tags = {}, bool exif = true) {
    test::SensorModel s;
    std::mt19937_64 rng(seed);
    std::vector<fs::path> files;
    const auto times = bracketTimes();
    for (std::size_t i = 0; i < times.size(); ++i) {
        const auto codes = test::exposeCodes(x, times[i] / 0.01, s, rng);
        tags.exposureTime = exif ? times[i] : 0.0;
        const fs::path p = dir / (prefix + std::to_string(i) + (format == Format::Tiff ? ".tif" : ".dng"));
        if (format == Format::Tiff) test::writeLinearTiff(p, codes, x.width(), x.height(), s, tags);
        else test::writeDng(p, codes, x.width(), x.height(), s, tags);
        files.push_back(p);
    }
    return files;
}

std::string errorOf(const CaptureRequest& r) {
    try {
        captureScene(r);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

} // namespace

class TestCaptureScene : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pairAtTheBaseExposureOfTheOnImage() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient(), on = withLamp(off);
        CaptureRequest r;
        r.sceneDir = root / "dataset" / "scenes" / "lamp";
        r.onFiles = writeBracket(on, root, "on", 1);
        r.offFiles = writeBracket(off, root, "off", 2);
        r.lens = LensMode::Auto; // a simulated camera: no profile, and the reason is recorded
        double lastProgress = -1;
        const CaptureSummary s = captureScene(r, [&](double f, const std::string&) {
            QVERIFY(f >= lastProgress);
            lastProgress = f;
        });
        QCOMPARE(lastProgress, 1.0);
        QVERIFY(fs::exists(r.sceneDir / "on.exr") && fs::exists(r.sceneDir / "off.exr"));
        QVERIFY(fs::exists(r.sceneDir / "capture-report.png"));
        // The per-pixel flags: red exactly where a channel of either image holds the clip level.
        {
            const Image flags = loadImage(r.sceneDir / "capture-flags.png");
            const Image a = loadImage(r.sceneDir / "on.exr"), b = loadImage(r.sceneDir / "off.exr");
            std::size_t mismatched = 0, red = 0;
            for (std::size_t i = 0; i < a.pixelCount(); ++i) {
                bool clipped = false;
                for (int c = 0; c < 3; ++c)
                    clipped = clipped || a.data()[3 * i + c] >= float(s.clipLevel) || b.data()[3 * i + c] >= float(s.clipLevel);
                const bool isRed = flags.data()[3 * i] > 0.5f;
                red += isRed;
                mismatched += clipped != isRed;
            }
            QCOMPARE(mismatched, std::size_t(0));
            QVERIFY(red > 0);
        }
        QVERIFY(std::abs(s.baseExposureTime / 0.01 - 1) < 1e-5); // the middle of the on bracket (EXIF rational)
        QVERIFY(!s.lensApplied);
        QVERIFY(s.lens.reason.find("names no lens") != std::string::npos);
        qInfo("shift %.3f px (dx %.3f, dy %.3f), static %.2f", s.shift.magnitude(), s.shift.dx, s.shift.dy,
              s.shift.staticFraction);
        QVERIFY(s.shift.magnitude() < 0.1);

        const Image onHdr = loadImage(r.sceneDir / "on.exr"), offHdr = loadImage(r.sceneDir / "off.exr");
        const ImageHeader h = readImageHeader(r.sceneDir / "on.exr");
        QCOMPARE(h.width, kW);
        // Both states at the on image's base exposure: the merged values are the simulated
        // radiances themselves (relative exposure 1 = 1/100 s), so on/off ratios are physical.
        std::vector<double> relOn, relOff, ratioErr;
        std::size_t clippedOk = 0, clippedSeen = 0;
        for (std::size_t i = 0; i < on.floatCount(); ++i) {
            const double tOn = on.data()[i], tOff = off.data()[i];
            if (tOn * 0.25 >= 1.03) { // saturated in the shortest frame too: clipped
                ++clippedSeen;
                clippedOk += onHdr.data()[i] >= float(s.clipLevel);
                continue;
            }
            // Clearly below saturation in the shortest frame: below the clip level (near saturation,
            // noise decides).
            if (tOn * 0.25 <= 0.93) QVERIFY(onHdr.data()[i] < float(s.clipLevel));
            if (tOff * 0.25 <= 0.93) QVERIFY(offHdr.data()[i] < float(s.clipLevel));
            if (tOn * 0.25 > 0.93) continue;
            if (tOn * 4 < 0.02 || tOn * 0.25 > 0.9 || tOff * 4 < 0.02) continue;
            relOn.push_back(std::abs(onHdr.data()[i] / tOn - 1));
            relOff.push_back(std::abs(offHdr.data()[i] / tOff - 1));
            ratioErr.push_back(std::abs((onHdr.data()[i] / offHdr.data()[i]) / (tOn / tOff) - 1));
        }
        qInfo("median relative error on %.4f off %.4f ratio %.4f; clipped %zu/%zu", median(relOn), median(relOff),
              median(ratioErr), clippedOk, clippedSeen);
        QVERIFY(median(relOn) < 0.01 && median(relOff) < 0.01 && median(ratioErr) < 0.015);
        QVERIFY(clippedSeen >= 3 * 60);
        QCOMPARE(clippedOk, clippedSeen);

        // meta.json: clip level for the validity mask, the capture block, no stale k.
        const SceneMeta meta = readSceneMeta(r.sceneDir / "meta.json");
        QVERIFY(meta.clipLevel.has_value());
        QCOMPARE(*meta.clipLevel, s.clipLevel);
        QVERIFY(!meta.kRecorded);
        const auto block = nlohmann::json::parse(meta.capture);
        QCOMPARE(block["on"]["frames"].size(), std::size_t(10));
        QCOMPARE(block["on"]["frames"][0].get<std::string>(), std::string("on0.tif"));
        QCOMPARE(block["off"]["exposure_times"].size(), std::size_t(10));
        QCOMPARE(block["base_exposure_time"].get<double>(), s.baseExposureTime);
        QCOMPARE(block["clip_level"].get<double>(), s.clipLevel);
        QVERIFY(block["shift"]["magnitude"].get<double>() < 0.1);
        QCOMPARE(block["lens_correction"]["applied"].get<bool>(), false);
        QVERIFY(!block["lens_correction"]["reason"].get<std::string>().empty());
        QVERIFY(block["on"]["noise"]["estimated"].get<bool>());

        // The block survives a rewrite of the scene's meta (e.g. prepare recording k).
        SceneMeta m2 = meta;
        m2.k = 2.5;
        writeSceneMeta(r.sceneDir / "meta.json", m2);
        QCOMPARE(nlohmann::json::parse(readSceneMeta(r.sceneDir / "meta.json").capture), block);

        // The scene is a scene like any other: the scanner finds no problem (the report is part of
        // the layout), and prepare writes its model inputs.
        const Dataset ds = scanDataset(root / "dataset");
        QCOMPARE(ds.scenes.size(), std::size_t(1));
        for (const auto& p : ds.problems) qWarning("%s: %s", p.path.string().c_str(), p.message.c_str());
        QVERIFY(ds.problems.empty());
        const PrepareSummary ps = prepareDataset(root / "dataset", PrepareOptions{});
        QCOMPARE(ps.scenes.size(), std::size_t(1));
        QVERIFY(fs::exists(root / "dataset" / "inputs" / "turn_on" / "lamp.png"));
    }

    void offStateIsBroughtToTheOnBaseExposure() {
        // The off bracket shot four times longer (the off image is dark): its merged values must
        // still be at the on image's base exposure, i.e. the simulated radiance itself.
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient(), on = withLamp(off);
        CaptureRequest r;
        r.sceneDir = root / "scene";
        r.onFiles = writeBracket(on, root, "on", 1);
        Image offScaled = off; // the frames see 4x the exposure: radiance * 4 at the same codes scale
        for (std::size_t i = 0; i < offScaled.floatCount(); ++i) offScaled.data()[i] *= 4;
        r.offFiles = writeBracket(offScaled, root, "off", 2, Format::Tiff, {}, false);
        std::vector<double> times = bracketTimes();
        for (double t : bracketTimes()) times.push_back(4 * t);
        r.times = times;
        r.lens = LensMode::None;
        const CaptureSummary s = captureScene(r);
        const Image offHdr = loadImage(r.sceneDir / "off.exr");
        std::vector<double> rel;
        for (std::size_t i = 0; i < off.floatCount(); ++i)
            if (off.data()[i] * 16 > 0.02 && off.data()[i] < 0.9) rel.push_back(std::abs(offHdr.data()[i] / off.data()[i] - 1));
        qInfo("off median relative error %.4f", median(rel));
        QVERIFY(median(rel) < 0.01);
        QCOMPARE(s.off.relativeExposure.front(), 1.0); // 4 * 0.0025 s against the base 0.01 s
    }

    void rawBracketsWithALensProfile() {
        // DNG brackets of a Canon EOS 5D Mark II with the EF 24-105mm at 24 mm, f/8: read by LibRaw,
        // merged, corrected by lensfun. Vignetting divides both states alike, so on/off ratios stay
        // physical (demosaicing blurs edges: medians).
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient(), on = withLamp(off);
        test::FrameExifTags tags;
        tags.make = "Canon";
        tags.model = "Canon EOS 5D Mark II";
        tags.lens = "Canon EF 24-105mm f/4L IS USM";
        tags.focalLength = 24;
        tags.fNumber = 8;
        CaptureRequest r;
        r.sceneDir = root / "scene";
        r.onFiles = writeBracket(on, root, "on", 1, Format::Dng, tags);
        r.offFiles = writeBracket(off, root, "off", 2, Format::Dng, tags);
        const CaptureSummary s = captureScene(r);
        QVERIFY2(s.lensApplied, s.lens.reason.c_str());
        QVERIFY(s.lens.lens.find("24-105") != std::string::npos);
        QVERIFY(s.shift.magnitude() < 0.2);
        const auto meta = nlohmann::json::parse(readSceneMeta(r.sceneDir / "meta.json").capture);
        QCOMPARE(meta["lens_correction"]["applied"].get<bool>(), true);
        QCOMPARE(meta["camera"]["lens"].get<std::string>(), tags.lens);
        const Image onHdr = loadImage(r.sceneDir / "on.exr"), offHdr = loadImage(r.sceneDir / "off.exr");
        std::vector<double> ratioErr;
        for (int y = 8; y < kH - 8; ++y)
            for (int x = 8; x < kW - 8; ++x)
                for (int c = 0; c < 3; ++c) {
                    const double tOn = on.at(x, y, c), tOff = off.at(x, y, c);
                    if (tOn * 0.25 > 0.9 || tOff * 4 < 0.02) continue;
                    ratioErr.push_back(std::abs((onHdr.at(x, y, c) / offHdr.at(x, y, c)) / (tOn / tOff) - 1));
                }
        qInfo("median on/off ratio error after lens correction %.4f", median(ratioErr));
        QVERIFY(median(ratioErr) < 0.02);
        // The edges were brightened (vignetting divided out) relative to the source: median gains of
        // a band at the left edge and of the centre (distortion moves pixels a little: medians).
        auto gain = [&](int x0, int x1, int y0, int y1) {
            std::vector<double> g;
            for (int y = y0; y < y1; ++y)
                for (int x = x0; x < x1; ++x)
                    if (off.at(x, y, 1) * 4 > 0.02) g.push_back(offHdr.at(x, y, 1) / off.at(x, y, 1));
            return median(g);
        };
        const double centre = gain(kW / 2 - 10, kW / 2 + 10, kH / 2 - 10, kH / 2 + 10), edge = gain(6, 16, 40, kH - 40);
        qInfo("gain centre %.3f, left edge %.3f", centre, edge);
        QVERIFY(std::abs(centre - 1) < 0.05);
        QVERIFY(edge > 1.15 * centre);
    }

    void movedViewIsRefusedWithItsShift() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient(), on = withLamp(off);
        const Image moved = edit::fourierShift(off, 1.5, 0.0);
        CaptureRequest r;
        r.sceneDir = root / "scene";
        r.onFiles = writeBracket(on, root, "on", 1);
        r.offFiles = writeBracket(moved, root, "off", 2);
        r.lens = LensMode::None;
        const std::string e = errorOf(r);
        qInfo("%s", e.c_str());
        QVERIFY(e.find("off0.tif") != std::string::npos);
        QVERIFY(e.find("moved by 1.") != std::string::npos);
        QVERIFY(e.find('\n') == std::string::npos);
        QVERIFY(!fs::exists(r.sceneDir)); // nothing written
        // Allowed: the measured shift is recorded.
        r.allowShift = 2.0;
        const CaptureSummary s = captureScene(r);
        qInfo("measured dx %.3f dy %.3f", s.shift.dx, s.shift.dy);
        QVERIFY(std::abs(s.shift.dx - 1.5) < 0.15 && std::abs(s.shift.dy) < 0.15);
        const auto meta = nlohmann::json::parse(readSceneMeta(r.sceneDir / "meta.json").capture);
        QVERIFY(std::abs(meta["shift"]["dx"].get<double>() - 1.5) < 0.15);
    }

    void badInputsNameTheFileAndWriteNothing() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient(), on = withLamp(off);
        CaptureRequest good;
        good.sceneDir = root / "scene";
        good.onFiles = writeBracket(on, root, "on", 1);
        good.offFiles = writeBracket(off, root, "off", 2);
        good.lens = LensMode::None;

        CaptureRequest noExif = good; // frames without EXIF and no --times
        noExif.offFiles = writeBracket(off, root, "bare", 3, Format::Tiff, {}, false);
        std::string e = errorOf(noExif);
        QVERIFY2(e.find("bare0.tif: has no EXIF exposure time") != std::string::npos, e.c_str());

        CaptureRequest wrongSize = good;
        Image small(kW / 2, kH / 2, 0.1f);
        wrongSize.offFiles.back() = writeBracket(small, root, "small", 4).front();
        e = errorOf(wrongSize);
        QVERIFY2(e.find("small0.tif: is 114x85") != std::string::npos, e.c_str());

        CaptureRequest unreadable = good;
        const fs::path broken = root / "broken.dng";
        test::writeBytes(broken, "not a raw file");
        unreadable.onFiles[3] = broken;
        e = errorOf(unreadable);
        QVERIFY2(e.find("broken.dng") != std::string::npos, e.c_str());

        CaptureRequest missing = good;
        missing.onFiles[0] = root / "nowhere.tif";
        e = errorOf(missing);
        QVERIFY2(e.find("nowhere.tif: no such file") != std::string::npos, e.c_str());

        CaptureRequest badTimes = good;
        badTimes.times = {0.01, 0.02, 0.04};
        e = errorOf(badTimes);
        QVERIFY2(e.find("--times") != std::string::npos, e.c_str());

        QVERIFY(!fs::exists(good.sceneDir));

        // An existing meta.json that is not JSON: refused before any image is written.
        fs::create_directories(good.sceneDir);
        test::writeBytes(good.sceneDir / "meta.json", "{not json");
        e = errorOf(good);
        QVERIFY2(e.find("meta.json") != std::string::npos, e.c_str());
        QVERIFY(!fs::exists(good.sceneDir / "on.exr"));
    }

    void sceneMetaRefusesACaptureThatIsNotAnObject() {
        QTemporaryDir tmp;
        const fs::path meta = fs::path(tmp.path().toStdString()) / "meta.json";
        test::writeBytes(meta, "{\"k\": 1.5, \"capture\": [1, 2]}");
        try {
            readSceneMeta(meta);
            QFAIL("a capture array was accepted");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("meta.json: \"capture\" must be an object") != std::string::npos);
        }
        test::writeBytes(meta, "{\"k\": 1.5, \"capture\": null}");
        QVERIFY(readSceneMeta(meta).capture.empty());
    }

    void cancelStopsWithoutWriting() {
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const Image off = ambient();
        CaptureRequest r;
        r.sceneDir = root / "scene";
        r.onFiles = writeBracket(withLamp(off), root, "on", 1);
        r.offFiles = writeBracket(off, root, "off", 2);
        std::atomic<bool> cancel{false};
        bool threw = false;
        try {
            captureScene(r, [&](double f, const std::string&) { if (f > 0.3) cancel = true; }, &cancel);
        } catch (const Error& e) {
            threw = std::string(e.what()).find("cancelled") != std::string::npos;
        }
        QVERIFY(threw);
        QVERIFY(!fs::exists(r.sceneDir));
    }

    void lensProfileFromDngExifCorrectsVignetting() {
        // A Canon EOS 5D Mark II with the EF 24-105mm f/4L IS USM at 24 mm, f/8: lensfun's
        // database has distortion and vignetting for it. A flat grey scene shows the vignetting
        // correction alone: the "pa" model at 24 mm, f/8, focus at infinity (k1 -0.5343, k2 0.0484,
        // k3 0.0745 in slr-canon.xml) divides by 1 + k1 r^2 + k2 r^4 + k3 r^6.
        QTemporaryDir tmp;
        const fs::path root = tmp.path().toStdString();
        const int w = 240, h = 160; // 3:2 like the camera
        test::FrameExifTags tags;
        tags.make = "Canon";
        tags.model = "Canon EOS 5D Mark II";
        tags.lens = "Canon EF 24-105mm f/4L IS USM";
        tags.focalLength = 24;
        tags.fNumber = 8;
        test::SensorModel s;
        std::mt19937_64 rng(4);
        const Image grey(w, h, 0.3f);
        const auto codes = test::exposeCodes(grey, 1.0, s, rng);
        tags.exposureTime = 0.01;
        const fs::path dng = root / "frame.dng";
        test::writeDng(dng, codes, w, h, s, tags);
        const FrameExif exif = readFrameExif(dng);
        LensCorrector lens(exif, w, h);
        QVERIFY2(lens.found(), lens.profile().reason.c_str());
        QVERIFY(lens.profile().vignetting && lens.profile().distortion);
        Image img(w, h, 1.0f);
        Plane<std::uint8_t> clipped(w, h, 0);
        Mask mask(w, h, 0);
        lens.apply(img, clipped, mask);
        // The pa polynomial's gain at radius r (in lensfun's normalised units).
        auto gainAt = [](double r) {
            const double r2 = r * r;
            return 1.0 / (1 - 0.5343 * r2 + 0.0484 * r2 * r2 + 0.0745 * r2 * r2 * r2);
        };
        // The radius at which the polynomial gives gain g (bisection; the gain grows with r here).
        auto radiusOf = [&](double g) {
            double lo = 0, hi = 1.5;
            for (int i = 0; i < 60; ++i) ((gainAt(0.5 * (lo + hi)) < g) ? lo : hi) = 0.5 * (lo + hi);
            return 0.5 * (lo + hi);
        };
        const double cx = (w - 1) / 2.0, cy = (h - 1) / 2.0, halfDiagonal = std::hypot(w / 2.0, h / 2.0);
        QVERIFY(std::abs(img.at(w / 2, h / 2, 1) - 1.0f) < 0.01f); // no correction at the centre
        for (int x = w / 2 + 1; x < w - 3; ++x) QVERIFY(img.at(x, h / 2, 1) >= img.at(x - 1, h / 2, 1) - 1e-4f);
        // The pixel distance that lensfun's unit radius spans, measured at two points, must agree
        // (the pa polynomial's shape) and be of the order of the half-diagonal (its normalisation).
        const double u1 = (w - 4 - cx) / radiusOf(img.at(w - 4, h / 2, 1));
        const double u2 = (3 * w / 4 - cx) / radiusOf(img.at(3 * w / 4, h / 2, 1));
        const double u3 = (cy - 3) / radiusOf(img.at(w / 2, 3, 1));
        qInfo("unit radius %.1f, %.1f, %.1f px (half-diagonal %.1f px)", u1, u2, u3, halfDiagonal);
        QVERIFY(std::abs(u1 / u2 - 1) < 0.03 && std::abs(u1 / u3 - 1) < 0.03);
        QVERIFY(u1 > 0.8 * halfDiagonal && u1 < 1.1 * halfDiagonal);
        QVERIFY(img.at(w - 4, h / 2, 1) > 1.2f);
    }
};

QTEST_GUILESS_MAIN(TestCaptureScene)
#include "test_capture_scene.moc"
