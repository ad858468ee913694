#pragma once
// DisplayEncoder: the sRGB display encoding as a lookup table, built once from the OCIO config
// (lin_rec709 -> srgb_display) so panes encode millions of pixels per second without calling
// OCIO per pixel. Both spaces share Rec.709 primaries, so the transform is per channel and a 1D
// table over a grey ramp is exact up to its sampling (16384 entries indexed by sqrt(value)).
#include <array>
#include <cmath>
#include <cstdint>

namespace ll::ui {

class DisplayEncoder {
public:
    static const DisplayEncoder& srgb();

    // Linear value (clamped to [0, 1]) to an 8-bit display code.
    std::uint8_t encode(float linear) const {
        if (!(linear > 0.0f)) return 0;
        if (linear >= 1.0f) return table_.back();
        return table_[std::size_t(std::sqrt(linear) * float(kSize - 1) + 0.5f)];
    }

private:
    static constexpr int kSize = 16384;
    DisplayEncoder();
    std::array<std::uint8_t, kSize> table_{};
};

} // namespace ll::ui
