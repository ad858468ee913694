#include "capture/BracketMerge.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ll::capture {

namespace {

struct Sample {
    double x;  // code / exposure
    double e;  // relative exposure
    double w;  // weight
    int frame;
    bool keep;
};

struct Scratch {
    std::vector<Sample> samples, dark;
    std::vector<std::uint8_t> rejected;
};

// Weighted median of the samples' x (sorts them).
double weightedMedian(std::vector<Sample>& s) {
    std::sort(s.begin(), s.end(), [](const Sample& a, const Sample& b) { return a.x < b.x; });
    double total = 0;
    for (const auto& v : s) total += v.w;
    double acc = 0;
    for (const auto& v : s) {
        acc += v.w;
        if (acc >= 0.5 * total) return v.x;
    }
    return s.back().x;
}

} // namespace

MergedState mergeBracket(const std::vector<const BracketFrame*>& frames, const std::vector<double>& exposure,
                         const NoiseModel& noise, const MergeParams& p, const std::function<void(double)>& progress,
                         const std::atomic<bool>* cancel) {
    MergedState out;
    if (frames.empty()) return out;
    const int w = frames[0]->width, h = frames[0]->height;
    const int n = int(frames.size());
    double eMin = exposure[0];
    for (double e : exposure) eMin = std::min(eMin, e);
    out.noise = noise;
    out.clipLevel = p.saturation / eMin;
    out.radiance = Image(w, h);
    out.clippedChannels = Plane<std::uint8_t>(w, h, 0);
    out.disagreeing = Mask(w, h, 0);
    out.rejectedFrames = Plane<std::uint8_t>(w, h, 0);
    const double scale = 1.0 / 65535.0;
    const double k2 = p.rejectSigma * p.rejectSigma;
    tbb::enumerable_thread_specific<Scratch> scratch;

    // Codes at or above this are saturated (integer compare in the inner loop).
    const std::uint16_t satCode = std::uint16_t(std::min(65535.0, std::ceil(p.saturation * 65535.0)));
    std::vector<double> invExposure(static_cast<std::size_t>(n)), exposureSq(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        invExposure[std::size_t(i)] = 1.0 / exposure[std::size_t(i)];
        exposureSq[std::size_t(i)] = exposure[std::size_t(i)] * exposure[std::size_t(i)];
    }

    // 1 / variance of each code (the observed-value weights), and each frame's codes and flag.
    std::vector<double> invVarOfCode(65536);
    for (int code = 0; code < 65536; ++code) invVarOfCode[std::size_t(code)] = 1.0 / noise.variance(code * scale);
    std::vector<const std::uint16_t*> codesOf(static_cast<std::size_t>(n));
    std::vector<char> perPixel(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        codesOf[std::size_t(i)] = frames[std::size_t(i)]->codes.data();
        perPixel[std::size_t(i)] = frames[std::size_t(i)]->saturatesPerPixel;
    }

    // 1 / variance predicted at a value z (in full-scale units) through the code table.
    auto predictedInvVar = [&](double z) {
        const double code = std::clamp(z * 65535.0 + 0.5, 0.0, 65535.0);
        return invVarOfCode[std::size_t(code)];
    };

    auto mergeRows = [&](const tbb::blocked_range<int>& rows) {
        Scratch& s = scratch.local();
        s.rejected.assign(std::size_t(n), 0);
        s.samples.reserve(std::size_t(n));
        s.dark.reserve(std::size_t(n));
        for (int y = rows.begin(); y < rows.end(); ++y)
            for (int x = 0; x < w; ++x) {
                const std::size_t pix = std::size_t(y) * w + x;
                bool anyRejected = false;
                for (int c = 0; c < 3; ++c) {
                    s.samples.clear();
                    s.dark.clear();
                    for (int i = 0; i < n; ++i) {
                        const std::uint16_t* px = codesOf[std::size_t(i)] + 3 * pix;
                        bool sat = px[c] >= satCode;
                        if (perPixel[std::size_t(i)]) sat = px[0] >= satCode || px[1] >= satCode || px[2] >= satCode;
                        if (sat) continue;
                        const double z = px[c] * scale;
                        const double e = exposure[std::size_t(i)];
                        Sample smp{z * invExposure[std::size_t(i)], e, exposureSq[std::size_t(i)] * invVarOfCode[px[c]], i,
                                   true};
                        (z < p.dark ? s.dark : s.samples).push_back(smp);
                    }
                    float& value = out.radiance.pixel(x, y)[c];
                    if (s.samples.empty()) s.samples.swap(s.dark); // only near-black samples: use them
                    if (s.samples.empty()) {
                        value = float(out.clipLevel);
                        out.clippedChannels[pix] |= std::uint8_t(1u << c);
                        continue;
                    }
                    // Fast path: the variance-weighted mean, accepted when every sample lies within
                    // rejectSigma of it; then one Granados step (variances predicted at the mean).
                    double sw = 0, swx = 0;
                    for (const auto& v : s.samples) {
                        sw += v.w;
                        swx += v.w * v.x;
                    }
                    const double mean = swx / sw;
                    bool agree = true;
                    double sw2 = 0, swx2 = 0;
                    for (const auto& v : s.samples) {
                        const double d = v.x - mean;
                        if (d * d * v.w > k2 * (1.0 + v.w / sw)) {
                            agree = false;
                            break;
                        }
                        const double wp = v.e * v.e * predictedInvVar(v.e * mean);
                        sw2 += wp;
                        swx2 += wp * v.x;
                    }
                    if (agree || s.samples.size() == 1) {
                        value = float(agree ? swx2 / sw2 : mean);
                        continue;
                    }
                    // Robust path: the reference is the variance-weighted median; samples farther
                    // from it than rejectSigma deviations are left out.
                    const double ref = weightedMedian(s.samples);
                    double minVar = 1e300;
                    for (auto& v : s.samples) {
                        v.w = exposureSq[std::size_t(v.frame)] / noise.variance(v.e * ref);
                        minVar = std::min(minVar, 1.0 / v.w);
                    }
                    sw = 0;
                    swx = 0;
                    for (auto& v : s.samples) {
                        const double d = v.x - ref;
                        if (d * d > k2 * (1.0 / v.w + minVar)) {
                            v.keep = false;
                            if (!s.rejected[std::size_t(v.frame)]) {
                                s.rejected[std::size_t(v.frame)] = 1;
                                anyRejected = true;
                            }
                            continue;
                        }
                        sw += v.w;
                        swx += v.w * v.x;
                    }
                    double merged = sw > 0 ? swx / sw : ref;
                    // One more Granados step: weights predicted at the merged value.
                    if (sw > 0) {
                        double sw3 = 0, swx3 = 0;
                        for (const auto& v : s.samples) {
                            if (!v.keep) continue;
                            const double wv = exposureSq[std::size_t(v.frame)] / noise.variance(v.e * merged);
                            sw3 += wv;
                            swx3 += wv * v.x;
                        }
                        if (sw3 > 0) merged = swx3 / sw3;
                    }
                    value = float(merged);
                }
                if (anyRejected) {
                    out.disagreeing[pix] = 1;
                    int count = 0;
                    for (auto& r : s.rejected) {
                        count += r;
                        r = 0;
                    }
                    out.rejectedFrames[pix] = std::uint8_t(std::min(count, 255));
                }
            }
    };

    const int chunks = std::max(1, std::min(h, 64));
    for (int k = 0; k < chunks; ++k) {
        if (cancel && cancel->load()) return MergedState{};
        const int y0 = int(std::int64_t(h) * k / chunks), y1 = int(std::int64_t(h) * (k + 1) / chunks);
        tbb::parallel_for(tbb::blocked_range<int>(y0, y1, 4), mergeRows);
        if (progress) progress(double(k + 1) / chunks);
    }
    for (std::size_t i = 0; i < out.clippedChannels.size(); ++i) {
        out.clippedPixels += out.clippedChannels[i] != 0;
        out.disagreeingPixels += out.disagreeing[i] != 0;
    }
    return out;
}

} // namespace ll::capture
