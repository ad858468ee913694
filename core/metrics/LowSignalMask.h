#pragma once
// The low-signal exclusion (paper A.3): blur the probe's light L with a Gaussian of
// sigma = fraction * max(H, W) and exclude pixels whose blurred value is below
// lowSignalFraction * P99(blurred, over all pixels). (chosen) When that percentile is not positive
// (the real pair shows no added light at all) every pixel is low-signal. The blur is here; the
// percentile and the test are the evaluation's validity stage (EvalValidityStage.cpp).
#include "image/Plane.h"
#include "metrics/MetricParams.h"

#include <vector>

namespace ll {

class BracketSelect;

// The blur of the low-signal test the parameters ask for (recursive or exact kernel, sigma =
// lowSignalSigmaFraction * max(W, H)), into `out` (sized here; its buffer reused when already W x H).
void blurLightSignal(const FloatPlane& L, const MetricParams& params, FloatPlane& out);
FloatPlane blurLightSignal(const FloatPlane& L, const MetricParams& params);

// The type-7 percentile `percentile` (in [0, 100]) of the blurred light signal over all its pixels:
// exact, an order statistic found by `select` from a stratified sample (`sample` its scratch). NaN for
// an empty plane.
double blurredLightPercentile(const FloatPlane& blurred, double percentile, BracketSelect& select,
                              std::vector<float>& sample);
double blurredLightPercentile(const FloatPlane& blurred, double percentile);

} // namespace ll
