#include "image/Image.h"

#include "util/Error.h"

#include <cmath>
#include <string>

namespace ll {

Image::Image(int width, int height, float fill) : width_(width), height_(height) {
    if (width < 0 || height < 0) throw Error("image", "negative size");
    pixels_.assign(std::size_t(width) * std::size_t(height) * kChannels, fill);
}

void Image::resize(int width, int height) {
    if (width < 0 || height < 0) throw Error("image", "negative size");
    pixels_.resize(std::size_t(width) * std::size_t(height) * kChannels);
    width_ = width;
    height_ = height;
}

std::size_t countNonFinite(const Image& image) {
    std::size_t n = 0;
    const float* p = image.data();
    for (std::size_t i = 0, e = image.pixelCount(); i < e; ++i, p += 3)
        if (!std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2])) ++n;
    return n;
}

} // namespace ll
