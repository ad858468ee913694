#include "view/DisplayEncoder.h"

#include "colour/ColourConfig.h"

#include <algorithm>
#include <vector>

namespace ll::ui {

DisplayEncoder::DisplayEncoder() {
    std::vector<float> rgb(std::size_t(kSize) * 3);
    for (int i = 0; i < kSize; ++i) {
        const float s = float(i) / float(kSize - 1);
        rgb[std::size_t(i) * 3] = rgb[std::size_t(i) * 3 + 1] = rgb[std::size_t(i) * 3 + 2] = s * s;
    }
    ColourConfig::builtin().convert(rgb.data(), std::size_t(kSize), "lin_rec709", "srgb_display");
    for (int i = 0; i < kSize; ++i) {
        const float v = std::clamp(rgb[std::size_t(i) * 3 + 1], 0.0f, 1.0f);
        table_[std::size_t(i)] = std::uint8_t(std::lround(v * 255.0f));
    }
}

const DisplayEncoder& DisplayEncoder::srgb() {
    static const DisplayEncoder encoder;
    return encoder;
}

} // namespace ll::ui
