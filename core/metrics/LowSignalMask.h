#pragma once
// The low-signal exclusion (paper A.3): blur the probe's light L with a Gaussian of
// sigma = fraction * max(H, W) and exclude pixels whose blurred value is below
// lowSignalFraction * P99(blurred, over all pixels). (chosen) When that percentile is not positive
// (the real pair shows no added light at all) every pixel is low-signal. The blur is here; the
// percentile and the test are the evaluation's validity stage (EvalValidityStage.cpp).
#include "image/Plane.h"
#include "metrics/MetricParams.h"

namespace ll {

// The blur of the low-signal test the parameters ask for (recursive or exact kernel, sigma =
// lowSignalSigmaFraction * max(W, H)), into `out` (sized here; its buffer reused when already W x H).
void blurLightSignal(const FloatPlane& L, const MetricParams& params, FloatPlane& out);
FloatPlane blurLightSignal(const FloatPlane& L, const MetricParams& params);

} // namespace ll
