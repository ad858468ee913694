#include "edit/Luminance.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {
FloatPlane weightedSum(const Image& img) {
    FloatPlane out(img.width(), img.height());
    const float* s = img.data();
    float* d = out.data();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, img.pixelCount(), 1 << 15), [&](const auto& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i)
            d[i] = kRec709Weights[0] * s[3 * i] + kRec709Weights[1] * s[3 * i + 1] + kRec709Weights[2] * s[3 * i + 2];
    });
    return out;
}
} // namespace

FloatPlane rec709Luminance(const Image& linear) { return weightedSum(linear); }

FloatPlane lumaOfEncoded(const Image& encoded) { return weightedSum(encoded); }

Image encodeSrgb(const Image& linear, const ColourConfig& colour) {
    Image out(linear.width(), linear.height());
    const float* s = linear.data();
    float* d = out.data();
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, linear.floatCount(), 1 << 16), [&](const auto& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i) d[i] = std::isfinite(s[i]) ? std::clamp(s[i], 0.0f, 1.0f) : 0.0f;
    });
    colour.convert(out, "lin_rec709", "srgb");
    out.info.colourSpace = "srgb";
    return out;
}

} // namespace ll::edit
