#pragma once
// DisplaySettings: how float pixels become screen colours. Shared by all panes of a grid.
#include <cstdint>

namespace ll::ui {

enum class Tonemap {
    Srgb,        // exposure, clamp, sRGB display encoding (OCIO lin_rec709 -> srgb_display)
    Gamma,       // exposure, clamp, x^(1/gamma)
    FalseColour, // log2 luminance after exposure, on the Turbo map over [-10, +2] EV
};

struct DisplaySettings {
    double exposureEv = 0.0;
    Tonemap tonemap = Tonemap::Srgb;
    double gamma = 2.2;
    // Signed maps: symmetric range [-r, r]; automatic (P99 of |value| per map) unless fixed.
    bool autoSignedRange = true;
    double signedRange = 1.0;

    // A number that changes whenever anything above changes (tile cache key).
    std::uint64_t hash() const;
    bool operator==(const DisplaySettings&) const = default;
};

inline constexpr double kFalseColourLowEv = -10.0;
inline constexpr double kFalseColourHighEv = 2.0;

} // namespace ll::ui
