#pragma once
// The low-signal exclusion (paper A.3): blur the probe's light L with a Gaussian of
// sigma = fraction * max(H, W) and exclude pixels whose blurred value is below
// lowSignalFraction * P99(blurred, over all pixels). (chosen) When that percentile is not positive
// (the real pair shows no added light at all) every pixel is low-signal.
#include "image/Plane.h"
#include "metrics/MetricParams.h"

namespace ll {

struct LowSignal {
    Mask excluded;         // 1 = low signal
    FloatPlane blurred;    // the blurred light map
    double sigma = 0.0;    // pixels
    double percentile = 0.0; // P99 of blurred
    double threshold = 0.0;  // lowSignalFraction * percentile
};

// The blur the parameters ask for (recursive or exact kernel).
FloatPlane blurLightSignal(const FloatPlane& L, const MetricParams& params);

LowSignal lowSignalMask(const FloatPlane& L, const MetricParams& params);

} // namespace ll
