// The bracket merge against the radiance it was simulated from: accuracy at the noise the sensor
// model predicts, the clip mask, the measured noise model, rejection of a moving object, and the
// RAW path through DNG files read back by LibRaw.
#include "capture/BracketFrame.h"
#include "capture/BracketMerge.h"
#include "capture/NoiseModel.h"
#include "capture/BracketSimulation.h"
#include "util/Error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace ll;
using namespace ll::capture;
namespace fs = std::filesystem;

namespace {

constexpr int kW = 228, kH = 171;

// Two brackets of nine exposures one EV apart around t = 1/100 s (the base, relative exposure 1).
std::vector<double> bracketTimes(int brackets = 2, int exposures = 9) {
    std::vector<double> t;
    for (int b = 0; b < brackets; ++b)
        for (int k = 0; k < exposures; ++k) t.push_back(0.01 * std::pow(2.0, k - exposures / 2));
    return t;
}

double median(std::vector<double> v) {
    auto mid = v.begin() + v.size() / 2;
    std::nth_element(v.begin(), mid, v.end());
    return *mid;
}

// Radiance scaled so that the median luminance is 0.1 of full scale at the base exposure.
Image baseRadiance() {
    Image x = test::sceneRadiance(kW, kH);
    std::vector<double> lum;
    for (std::size_t i = 0; i < x.pixelCount(); ++i)
        lum.push_back(0.2126 * x.data()[3 * i] + 0.7152 * x.data()[3 * i + 1] + 0.0722 * x.data()[3 * i + 2]);
    const double s = 0.1 / median(lum);
    for (std::size_t i = 0; i < x.floatCount(); ++i) x.data()[i] = float(x.data()[i] * s);
    return x;
}

// Simulated frames of `x` (radiance at relative exposure 1) with relative exposures t / 0.01.
struct Bracket {
    std::vector<BracketFrame> frames;
    std::vector<double> exposure;
    std::vector<const BracketFrame*> ptrs() const {
        std::vector<const BracketFrame*> p;
        for (const auto& f : frames) p.push_back(&f);
        return p;
    }
};

Bracket simulate(const Image& x, const std::vector<double>& times, const fs::path& dir, std::uint64_t seed,
                 const std::function<void(int, Image&)>& alter = {}) {
    test::SensorModel s;
    std::mt19937_64 rng(seed);
    Bracket b;
    for (std::size_t i = 0; i < times.size(); ++i) {
        Image xi = x;
        if (alter) alter(int(i), xi);
        const double e = times[i] / 0.01;
        const auto codes = test::exposeCodes(xi, e, s, rng);
        test::FrameExifTags tags;
        tags.exposureTime = times[i];
        const fs::path p = dir / ("f" + std::to_string(i) + ".tif");
        test::writeLinearTiff(p, codes, kW, kH, s, tags);
        b.frames.push_back(readBracketFrame(p));
        b.exposure.push_back(e);
    }
    return b;
}

// Standard deviation of the best linear combination of the unsaturated samples (Granados et al.'s
// optimum), from the simulated sensor model including quantisation.
double optimalSd(double x, const std::vector<double>& exposure) {
    const test::SensorModel s;
    const double q = 1.0 / 12.0 / (double(s.levels) * s.levels);
    double info = 0;
    for (double e : exposure) {
        const double z = x * e;
        if (z >= 0.95 || z < 0.002) continue;
        info += e * e / (s.shot * z + s.read + q);
    }
    return info > 0 ? 1.0 / std::sqrt(info) : 0.0;
}

} // namespace

class TestBracketMerge : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mergeMatchesSourceAtPredictedNoise() {
        QTemporaryDir dir;
        const Image x = baseRadiance();
        const auto times = bracketTimes();
        const Bracket b = simulate(x, times, dir.path().toStdString(), 7);
        const NoiseModel noise = estimateNoise(b.ptrs(), b.exposure, 0.98);
        const MergedState m = mergeBracket(b.ptrs(), b.exposure, noise);
        QCOMPARE(m.radiance.width(), kW);
        QVERIFY(std::abs(m.clipLevel - 0.98 * 16) < 1e-9); // shortest frame: relative exposure 1/16
        double sum = 0, sum2 = 0, n = 0;
        std::vector<double> rel;
        const double eMin = 1.0 / 16;
        for (std::size_t i = 0; i < x.floatCount(); ++i) {
            const double truth = x.data()[i];
            if (truth * eMin >= 0.9 || truth * 16 < 0.01) continue; // clipped everywhere or nearly black
            const double sd = optimalSd(truth, b.exposure);
            const double r = (m.radiance.data()[i] - truth) / sd;
            sum += r;
            sum2 += r * r;
            n += 1;
            rel.push_back(std::abs(m.radiance.data()[i] / truth - 1.0));
        }
        QVERIFY(n > 0.8 * x.floatCount());
        const double mean = sum / n, rms = std::sqrt(sum2 / n);
        qInfo("normalised residual: mean %.3f, rms %.3f over %.0f samples; median relative error %.4f", mean, rms, n,
              median(rel));
        QVERIFY2(std::abs(mean) < 0.1, "the merge is biased against the source radiance");
        QVERIFY2(rms > 0.8 && rms < 1.3, "the merge's noise is not the optimum the sensor model predicts");
        QVERIFY(median(rel) < 0.005);
        QCOMPARE(m.disagreeingPixels < x.pixelCount() / 1000, true); // noise alone is not motion
    }

    void noiseModelIsMeasuredFromRepeatedExposures() {
        QTemporaryDir dir;
        const Image x = baseRadiance();
        const Bracket b = simulate(x, bracketTimes(), dir.path().toStdString(), 11);
        const NoiseModel n = estimateNoise(b.ptrs(), b.exposure, 0.98);
        const test::SensorModel s;
        // The 16-bit TIFF codes are 14-bit codes times 65535/16383: quantisation adds 1/12 code^2.
        const double read = s.read + 1.0 / 12.0 / (double(s.levels) * s.levels);
        qInfo("shot %.3g (simulated %.3g), read %.3g (simulated %.3g)", n.shot, s.shot, n.read, read);
        QVERIFY(n.estimated);
        QVERIFY(std::abs(n.shot / s.shot - 1) < 0.15);
        QVERIFY(n.read > read / 3 && n.read < read * 3);
        // A single bracket repeats no exposure: the defaults are used.
        const Bracket one = simulate(x, bracketTimes(1, 5), dir.path().toStdString(), 12);
        QVERIFY(!estimateNoise(one.ptrs(), one.exposure, 0.98).estimated);
    }

    void channelsSaturatedInEveryFrameAreClipped() {
        QTemporaryDir dir;
        Image x = baseRadiance();
        // A lamp bulb: a disc far brighter than the shortest exposure can hold.
        for (int y = 0; y < kH; ++y)
            for (int xx = 0; xx < kW; ++xx)
                if (std::hypot(xx - 60.0, y - 50.0) < 6)
                    for (int c = 0; c < 3; ++c) x.at(xx, y, c) = 200.0f;
        const Bracket b = simulate(x, bracketTimes(2, 5), dir.path().toStdString(), 3);
        const MergedState m = mergeBracket(b.ptrs(), b.exposure, NoiseModel{});
        const double eMin = 0.25;
        std::size_t expectClipped = 0, wrong = 0;
        for (std::size_t i = 0; i < x.pixelCount(); ++i)
            for (int c = 0; c < 3; ++c) {
                const double zShortest = x.data()[3 * i + c] * eMin;
                const bool clipped = m.clippedChannels[i] & (1u << c);
                if (zShortest >= 1.03) {
                    ++expectClipped;
                    wrong += !clipped;
                    QCOMPARE(m.radiance.data()[3 * i + c], float(m.clipLevel));
                }
                if (zShortest <= 0.93) wrong += clipped;
            }
        QVERIFY(expectClipped >= 3 * 100); // the bulb, at least
        QCOMPARE(wrong, std::size_t(0));
        QVERIFY(m.clippedPixels >= 100);
    }

    void movingObjectIsRejectedWhereOtherFramesAgree() {
        QTemporaryDir dir;
        const Image x = baseRadiance();
        const auto times = bracketTimes();
        // Someone walks through frames 2, 3 and 4 of the first bracket: a dark rectangle.
        const int rx0 = 120, ry0 = 60, rw = 40, rh = 30;
        auto inRect = [&](int xx, int y) { return xx >= rx0 && xx < rx0 + rw && y >= ry0 && y < ry0 + rh; };
        const Bracket b = simulate(x, times, dir.path().toStdString(), 5, [&](int i, Image& xi) {
            if (i < 2 || i > 4) return;
            for (int y = ry0; y < ry0 + rh; ++y)
                for (int xx = rx0; xx < rx0 + rw; ++xx)
                    for (int c = 0; c < 3; ++c) xi.at(xx, y, c) *= 0.25f;
        });
        const NoiseModel noise = estimateNoise(b.ptrs(), b.exposure, 0.98);
        const MergedState m = mergeBracket(b.ptrs(), b.exposure, noise);
        const test::SensorModel s;
        std::size_t detectable = 0, flagged = 0, outside = 0, falseFlags = 0;
        std::vector<double> rel;
        for (int y = 0; y < kH; ++y)
            for (int xx = 0; xx < kW; ++xx) {
                const std::size_t i = std::size_t(y) * kW + xx;
                if (!inRect(xx, y)) {
                    ++outside;
                    falseFlags += m.disagreeing[i];
                    continue;
                }
                // Detectable: some altered frame had a channel whose change is 10 noise deviations.
                bool det = false;
                for (int f = 2; f <= 4; ++f)
                    for (int c = 0; c < 3; ++c) {
                        const double z = x.at(xx, y, c) * b.exposure[std::size_t(f)];
                        if (z < 0.9 && 0.75 * z > 10 * std::sqrt(s.shot * z + s.read)) det = true;
                    }
                detectable += det;
                flagged += det && m.disagreeing[i];
                for (int c = 0; c < 3; ++c) {
                    const double truth = x.at(xx, y, c);
                    if (truth * 16 > 0.01 && truth / 16 < 0.9) rel.push_back(std::abs(m.radiance.at(xx, y, c) / truth - 1));
                }
            }
        qInfo("detectable %zu, flagged %zu; false flags %zu of %zu; median relative error inside %.4f", detectable,
              flagged, falseFlags, outside, median(rel));
        QVERIFY(detectable > std::size_t(rw * rh / 2));
        QVERIFY(flagged >= detectable * 95 / 100);
        QVERIFY(falseFlags <= outside / 1000);
        QVERIFY(median(rel) < 0.01); // the person left out: the radiance behind them
        // The three frames are counted where they were rejected.
        QVERIFY(m.rejectedFrames(rx0 + rw / 2, ry0 + rh / 2) <= 3);
    }

    void rawFramesFromDngMergeToTheSourceRadiance() {
        QTemporaryDir dir;
        const Image x = baseRadiance();
        const auto times = bracketTimes(2, 5);
        test::SensorModel s;
        std::mt19937_64 rng(9);
        std::vector<BracketFrame> frames;
        std::vector<double> exposure;
        for (std::size_t i = 0; i < times.size(); ++i) {
            const auto codes = test::exposeCodes(x, times[i] / 0.01, s, rng);
            test::FrameExifTags tags;
            tags.exposureTime = times[i];
            const fs::path p = fs::path(dir.path().toStdString()) / ("f" + std::to_string(i) + ".dng");
            test::writeDng(p, codes, kW, kH, s, tags);
            frames.push_back(readBracketFrame(p));
            QVERIFY(frames.back().isRaw);
            QVERIFY(frames.back().saturatesPerPixel);
            QCOMPARE(frames.back().width, kW);
            QVERIFY(std::abs(*frames.back().exif.exposureTime / times[i] - 1) < 1e-4);
            exposure.push_back(times[i] / 0.01);
        }
        std::vector<const BracketFrame*> ptrs;
        for (const auto& f : frames) ptrs.push_back(&f);
        const MergedState m = mergeBracket(ptrs, exposure, estimateNoise(ptrs, exposure, 0.98));
        // Demosaicing blurs edges: compare each channel's median ratio away from the border.
        for (int c = 0; c < 3; ++c) {
            std::vector<double> ratio;
            for (int y = 4; y < kH - 4; ++y)
                for (int xx = 4; xx < kW - 4; ++xx) {
                    const double truth = x.at(xx, y, c);
                    if (truth * 4 < 0.02 || truth / 4 > 0.9) continue;
                    ratio.push_back(m.radiance.at(xx, y, c) / truth);
                }
            const double med = median(ratio);
            qInfo("channel %d: median merged / source %.4f over %zu pixels", c, med, ratio.size());
            QVERIFY(ratio.size() > std::size_t(kW * kH / 2));
            QVERIFY(std::abs(med - 1) < 0.02);
        }
    }

    void floatExrFramesSaturateAtOne() {
        // Float EXR frames hold code / full scale: 1.0 is the format's maximum (saturation).
        QTemporaryDir dir;
        const Image x = baseRadiance();
        const auto times = bracketTimes(2, 5);
        test::SensorModel s;
        std::mt19937_64 rng(21);
        std::vector<BracketFrame> frames;
        std::vector<double> exposure;
        for (std::size_t i = 0; i < times.size(); ++i) {
            const auto codes = test::exposeCodes(x, times[i] / 0.01, s, rng);
            Image f(kW, kH);
            for (std::size_t k = 0; k < codes.size(); ++k) f.data()[k] = float(codes[k]) / float(s.levels);
            const fs::path p = fs::path(dir.path().toStdString()) / ("f" + std::to_string(i) + ".exr");
            saveExr(f, p, ExrPixelType::Float);
            frames.push_back(readBracketFrame(p));
            QVERIFY(!frames.back().isRaw && !frames.back().saturatesPerPixel);
            exposure.push_back(times[i] / 0.01);
        }
        std::vector<const BracketFrame*> ptrs;
        for (const auto& f : frames) ptrs.push_back(&f);
        const MergedState m = mergeBracket(ptrs, exposure, estimateNoise(ptrs, exposure, 0.98));
        std::vector<double> rel;
        std::size_t wrongClip = 0;
        for (std::size_t i = 0; i < x.floatCount(); ++i) {
            const double truth = x.data()[i];
            const bool clipped = m.clippedChannels[i / 3] & (1u << (i % 3));
            if (truth * 0.25 >= 1.03) wrongClip += !clipped;
            if (truth * 0.25 <= 0.93) wrongClip += clipped;
            if (truth * 4 > 0.01 && truth * 0.25 < 0.9) rel.push_back(std::abs(m.radiance.data()[i] / truth - 1));
        }
        qInfo("EXR frames: median relative error %.4f", median(rel));
        QVERIFY(median(rel) < 0.006);
        QCOMPARE(wrongClip, std::size_t(0));
    }

    void unreadableAndEightBitFramesNameTheFile() {
        QTemporaryDir dir;
        const fs::path bad = fs::path(dir.path().toStdString()) / "broken.tif";
        test::writeBytes(bad, "II*\0garbage");
        try {
            readBracketFrame(bad);
            QFAIL("a broken frame was read");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("broken.tif") != std::string::npos);
        }
        const fs::path png = fs::path(dir.path().toStdString()) / "frame.png";
        savePng8(Image(4, 4, 0.5f), png);
        try {
            readBracketFrame(png);
            QFAIL("an 8-bit frame was accepted");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("frame.png") != std::string::npos);
            QVERIFY(std::string(e.what()).find("8-bit") != std::string::npos);
        }
        try {
            readBracketFrame(fs::path(dir.path().toStdString()) / "missing.dng");
            QFAIL("a missing frame was read");
        } catch (const Error& e) {
            QVERIFY(std::string(e.what()).find("missing.dng: no such file") != std::string::npos);
        }
    }
};

QTEST_GUILESS_MAIN(TestBracketMerge)
#include "test_bracket_merge.moc"
