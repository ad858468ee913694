#pragma once
// Has the camera moved between the on and the off image? Phase correlation (edit/PhaseCorrelation)
// of the log luminance of the two merged images, restricted to the static background: pixels the
// lamp barely lights (locally smoothed on/off ratio within 15% of the scene's low ratio floor, the
// 10th percentile), not clipped and not near-black in either image. A central window of at most
// `maxWindow` pixels a side keeps the transform small on 24-megapixel frames.
#include "edit/PhaseCorrelation.h"
#include "image/Image.h"
#include "image/Plane.h"

namespace ll::capture {

struct PairShift {
    double dx = 0, dy = 0; // how far off moved relative to on (px)
    double magnitude() const;
    double staticFraction = 0; // share of the window used as static background
    double peak = 0;
};

PairShift measurePairShift(const Image& on, const Image& off, const Plane<std::uint8_t>& onClipped,
                           const Plane<std::uint8_t>& offClipped, int maxWindow = 2048);

} // namespace ll::capture
