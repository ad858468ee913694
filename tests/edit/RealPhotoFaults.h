#pragma once
// Real photographs (tests/data, licences beside the files) and faults generated from them for the
// edit-score tests: JPEG at a given quality (written by OpenImageIO), sensor-like noise, sub-pixel
// shifts, exposure and colour changes restricted to a region, a copied region, an added and a
// removed object. Every fault goes through the 8-bit sRGB path, as a model's output would.
#include "EditTestImages.h"

#include "image/ImageIO.h"
#include "image/Resample.h"
#include "support/TestSupport.h"

#include <OpenImageIO/imageio.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

namespace ll::test {

inline const ColourConfig& builtinColour() {
    static const ColourConfig c = ColourConfig::builtin();
    return c;
}

struct Photo {
    std::string name;
    Image linear; // 8-bit sRGB decoded to linear Rec.709
};

// An 8-bit photograph as a model would see it.
inline Photo photoFromPng(const std::string& name, const std::string& file) {
    return {name, ModelImagePath(builtinColour(), "srgb").decode(loadImage(dataFile(file)))};
}

// An HDR photograph exposed so its median luminance is `median`, area-downsampled by `factor`,
// then through the 8-bit sRGB path (highlights clip as a camera's would).
inline Photo photoFromHdr(const std::string& name, const std::string& file, int factor, double median = 0.18) {
    Image img = loadImage(dataFile(file));
    img = resampleLinear(img, img.width() / factor, img.height() / factor);
    std::vector<float> lum(img.pixelCount());
    for (std::size_t i = 0; i < lum.size(); ++i) {
        const float* p = img.data() + 3 * i;
        lum[i] = 0.2126f * p[0] + 0.7152f * p[1] + 0.0722f * p[2];
    }
    std::nth_element(lum.begin(), lum.begin() + lum.size() / 2, lum.end());
    const float gain = float(median / std::max(1e-6f, lum[lum.size() / 2]));
    for (std::size_t i = 0; i < 3 * img.pixelCount(); ++i) img.data()[i] = std::max(0.0f, img.data()[i] * gain);
    return {name, through8bit(img, builtinColour())};
}

inline Image mapPixels(const Image& x, const std::function<void(int, int, float*)>& f) {
    Image y = x;
    for (int j = 0; j < y.height(); ++j)
        for (int i = 0; i < y.width(); ++i) f(i, j, y.pixel(i, j));
    return through8bit(y, builtinColour());
}

// Linear gain per channel, applied where `region` is set (everywhere when null).
inline Image channelGain(const Image& x, float r, float g, float b, const Mask* region = nullptr) {
    return mapPixels(x, [&](int i, int j, float* p) {
        if (region && !(*region)(i, j)) return;
        p[0] *= r;
        p[1] *= g;
        p[2] *= b;
    });
}

// Sensor-like noise in linear light: sigma^2 = shot * v + read^2 per channel, then 8-bit.
inline Image sensorNoise(const Image& x, double shot, double read, std::uint64_t seed) {
    Rng rng(seed);
    Image y = x;
    for (std::size_t i = 0; i < 3 * y.pixelCount(); ++i) {
        const double v = std::max(0.0f, y.data()[i]);
        y.data()[i] = float(std::max(0.0, v + std::sqrt(shot * v + read * read) * rng.normal()));
    }
    return through8bit(y, builtinColour());
}

// JPEG at `quality` written and read back by OpenImageIO; empty on failure.
inline Image jpegAtQuality(const Image& x, int quality, const std::filesystem::path& dir) {
    const ModelImagePath path(builtinColour(), "srgb");
    const Codes8 c = path.toCodes(x);
    const std::string file = (dir / ("q" + std::to_string(quality) + ".jpg")).string();
    auto out = OIIO::ImageOutput::create(file);
    OIIO::ImageSpec spec(c.width, c.height, 3, OIIO::TypeDesc::UINT8);
    spec.attribute("Compression", "jpeg:" + std::to_string(quality));
    if (!out || !out->open(file, spec) || !out->write_image(OIIO::TypeDesc::UINT8, c.rgb.data())) return {};
    out->close();
    return path.decode(loadImage(file));
}

// Sub-pixel translation of the content by (dx, dy): y(p) = x(p - d) by separable Lanczos-3
// interpolation (weights normalised to 1, edge pixels repeated), independent of the code under test.
inline Image shifted(const Image& x, double dx, double dy) {
    auto lanczos = [](double t) {
        t = std::abs(t);
        if (t < 1e-9) return 1.0;
        if (t >= 3) return 0.0;
        const double a = std::numbers::pi * t;
        return 3 * std::sin(a) * std::sin(a / 3) / (a * a);
    };
    auto pass = [&](const Image& src, double d, bool horizontal) {
        Image out = src;
        const int n = horizontal ? src.width() : src.height();
        for (int j = 0; j < src.height(); ++j)
            for (int i = 0; i < src.width(); ++i) {
                const double s = (horizontal ? i : j) - d;
                const int t0 = int(std::floor(s));
                double acc[3] = {0, 0, 0}, wsum = 0;
                for (int t = t0 - 2; t <= t0 + 3; ++t) {
                    const double wt = lanczos(s - t);
                    const int k = std::clamp(t, 0, n - 1);
                    const float* p = horizontal ? src.pixel(k, j) : src.pixel(i, k);
                    for (int c = 0; c < 3; ++c) acc[c] += wt * p[c];
                    wsum += wt;
                }
                for (int c = 0; c < 3; ++c) out.at(i, j, c) = float(std::max(0.0, acc[c] / wsum));
            }
        return out;
    };
    return through8bit(pass(pass(x, dx, true), dy, false), builtinColour());
}

// The w x h rectangle at (sx, sy) copied to (tx, ty).
inline Image copiedRegion(const Image& x, int sx, int sy, int w, int h, int tx, int ty) {
    Image y = x;
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i)
            for (int c = 0; c < 3; ++c) y.at(tx + i, ty + j, c) = x.at(sx + i, sy + j, c);
    return through8bit(y, builtinColour());
}

// An added object: a disc of radius r at (cx, cy) painted with a bright striped texture.
inline Image addedObject(const Image& x, double cx, double cy, double r) {
    const Texture stripes(99, 6, 0.15, 0.25, 1.2);
    return mapPixels(x, [&](int i, int j, float* p) {
        if (std::hypot(i + 0.5 - cx, j + 0.5 - cy) > r) return;
        const double t = stripes(i + 0.5, j + 0.5);
        p[0] = float(0.55 * t);
        p[1] = float(0.25 * t);
        p[2] = float(0.08 * t);
    });
}

// A removed object: the disc filled with the mean colour of the ring around it (a flat inpainting).
inline Image removedObject(const Image& x, double cx, double cy, double r) {
    double s[3] = {0, 0, 0};
    int n = 0;
    for (int j = 0; j < x.height(); ++j)
        for (int i = 0; i < x.width(); ++i) {
            const double d = std::hypot(i + 0.5 - cx, j + 0.5 - cy);
            if (d > r && d <= r + 4)
                for (int c = 0; c < 3; ++c) s[c] += x.at(i, j, c), n += c == 0;
        }
    return mapPixels(x, [&](int i, int j, float* p) {
        if (std::hypot(i + 0.5 - cx, j + 0.5 - cy) > r) return;
        for (int c = 0; c < 3; ++c) p[c] = float(s[c] / std::max(1, n));
    });
}

} // namespace ll::test
