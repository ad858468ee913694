#include "figure/TileImages.h"
#include "util/Percentile.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::figure {

namespace {

int code8(float v) {
    if (!(v > 0.0f)) return 0;
    if (v >= 1.0f) return 255;
    return int(std::lround(double(v) * 255.0));
}

} // namespace

QImage encodedToImage(const Image& encoded) {
    QImage img(encoded.width(), encoded.height(), QImage::Format_RGB32);
    for (int y = 0; y < encoded.height(); ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < encoded.width(); ++x) {
            const float* p = encoded.pixel(x, y);
            out[x] = qRgb(code8(p[0]), code8(p[1]), code8(p[2]));
        }
    }
    return img;
}

QImage toneMapHdr(const Image& linear, double exposure, const ColourConfig& colour) {
    Image scaled = linear;
    float* d = scaled.data();
    const float e = float(exposure);
    for (std::size_t i = 0; i < scaled.floatCount(); ++i) d[i] = std::isfinite(d[i]) ? std::max(0.0f, d[i] * e) : 0.0f;
    colour.convert(scaled, "lin_rec709", "srgb_display");
    return encodedToImage(scaled);
}

QImage ratioToImage(const Image& ratio, const Mask* valid, const ColourConfig& colour, double percentile) {
    const std::size_t n = ratio.pixelCount();
    std::vector<double> means;
    means.reserve(n);
    const float* d = ratio.data();
    for (std::size_t i = 0; i < n; ++i) {
        if (valid && (*valid)[i] == 0) continue;
        const double m = (double(d[3 * i]) + double(d[3 * i + 1]) + double(d[3 * i + 2])) / 3.0;
        if (std::isfinite(m)) means.push_back(m);
    }
    double scale = 1.0;
    if (!means.empty()) {
        const double p = percentileInPlace(means, percentile); // util/Percentile.h
        if (p > 0.0 && std::isfinite(p)) scale = 1.0 / p;
    }
    Image shown = ratio;
    float* s = shown.data();
    for (std::size_t i = 0; i < n; ++i) {
        const bool keep = !valid || (*valid)[i] != 0;
        for (int c = 0; c < 3; ++c) {
            const float v = s[3 * i + c];
            s[3 * i + c] = keep && std::isfinite(v) ? std::max(0.0f, float(double(v) * scale)) : 0.0f;
        }
    }
    colour.convert(shown, "lin_rec709", "srgb_display");
    return encodedToImage(shown);
}

QImage maskToImage(const Mask& mask) {
    QImage img(mask.width(), mask.height(), QImage::Format_RGB32);
    for (int y = 0; y < mask.height(); ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        const std::uint8_t* m = mask.row(y);
        for (int x = 0; x < mask.width(); ++x) out[x] = m[x] ? qRgb(0xd9, 0xd9, 0xd9) : qRgb(0, 0, 0);
    }
    return img;
}

} // namespace ll::figure
