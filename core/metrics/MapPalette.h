#pragma once
// The label colours of the metric maps, shared by the GUI's panes, `eval --maps` and the figures:
//  - one colour per exclusion reason (the validity mask), Okabe-Ito hues where possible so they stay
//    apart for colour-blind readers and on dark and light backgrounds;
//  - the intensity bands from inferno, brightest band (nearest the probe) palest;
//  - the colour of pixels a map leaves out (outside Omega), and the LFE map's own colour for pixels
//    inside Omega but outside Omega80 (valid, but not among the brightest 80% the LFE compares).
#include "colour/ColourMaps.h"
#include "metrics/ValidityMask.h"

#include <cstddef>
#include <string>

namespace ll {

Rgb8Code exclusionReasonColour(ExclusionReason reason);
// "valid", "non-finite", "denominator <= 0", "clipped real", "clipped edit", "low signal", "window".
const char* exclusionReasonLabel(ExclusionReason reason);

// Band `index` of `count` (0 = brightest): inferno at 0.98 down to 0.15, evenly spaced.
Rgb8Code bandColour(std::size_t index, std::size_t count);

// Pixels a signed map does not cover.
inline constexpr Rgb8Code kExcludedColour{0, 0, 0};
// LFE map pixels inside Omega but outside Omega80: a mid grey, apart from black (excluded) and from
// every colour of the diverging map (saturated blues and reds, near-white at zero).
inline constexpr Rgb8Code kOutsideOmega80Colour{0x8c, 0x8c, 0x8c};

} // namespace ll
