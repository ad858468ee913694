#pragma once
// Has the camera moved between the on and the off image? Phase correlation (edit/PhaseCorrelation)
// of the luminance of the two merged images, restricted to the static background: blocks the
// lamp barely lights (on/off ratio of block sums within 30% of the scene's low ratio floor, the
// 10th percentile) under a smooth weight. A central window of at most
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

// Values are capped at `clipCap` in both images (the lower of the two states' clip levels), so a
// clipped highlight is a plateau that moves with its image rather than a hole common to both.
PairShift measurePairShift(const Image& on, const Image& off, double clipCap, int maxWindow = 2048);

} // namespace ll::capture
