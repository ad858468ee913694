#include "capture/CaptureFlags.h"

#include "image/ImageIO.h"

#include <cstdint>
#include <vector>

namespace ll::capture {

void writeCaptureFlags(const std::filesystem::path& path, const MergedState& on, const MergedState& off) {
    const int w = on.radiance.width(), h = on.radiance.height();
    std::vector<std::uint8_t> rgb(std::size_t(w) * h * 3, 0);
    for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
        if (on.clippedChannels[i] || off.clippedChannels[i]) rgb[3 * i] = 255;
        if (on.disagreeing[i]) rgb[3 * i + 1] = 255;
        if (off.disagreeing[i]) rgb[3 * i + 2] = 255;
    }
    savePng8(rgb.data(), w, h, path);
}

} // namespace ll::capture
