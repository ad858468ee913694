#pragma once
// The pair mask P of the intensity bands (spec metrics-3dlp.md "Regions", paper 4.2 and C.4: "we
// partition the difference image I_on - I_off into six intensity bands"). The partition is a property
// of the real pair alone, identical for both tasks and every model: r = L / max_P(L) with
// L = mean_c max(I_on - I_off, 0), where a pixel is in P when every channel of I_on and I_off is finite
// and > 0, none is at or above the scene's clip level, the pixel is not in a window, and neither
// image is saturated as the model saw it (k * I >= 1 in any channel), which leaves the bulb itself
// out of the maximum (chosen).
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/IntensityBands.h"

#include <cmath>
#include <optional>
#include <vector>

namespace ll {

// One pixel's membership of P: `on`, `off` point at its 3 channels.
inline bool inBandPairMask(const float* on, const float* off, float k, const std::optional<float>& clip,
                           bool window) {
    if (window) return false;
    for (int c = 0; c < 3; ++c) {
        const float a = on[c], b = off[c];
        if (!std::isfinite(a) || !std::isfinite(b) || !(a > 0.0f) || !(b > 0.0f)) return false;
        if (clip && (a >= *clip || b >= *clip)) return false;
        if (k * a >= 1.0f || k * b >= 1.0f) return false;
    }
    return true;
}

// P for a whole pair; `window` may be null.
Mask bandPairMask(const Image& on, const Image& off, float k, const std::optional<float>& clip, const Mask* window);

// The band partition of a real pair: intensityBands(L, P, edges).
IntensityBands pairIntensityBands(const Image& on, const Image& off, float k, const std::optional<float>& clip,
                                  const Mask* window, const std::vector<double>& edgesPercent);

} // namespace ll
