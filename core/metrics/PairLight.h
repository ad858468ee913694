#pragma once
// What the low-signal test computes from the real pair alone (spec "Validity mask"): the light signal
// L, its blur and the blur's percentile. A caller that scores several edits of one pair (the batch
// runner) computes them once and hands them to every evaluation of the pair; evaluate() then gives
// exactly the result it gives when it computes them itself.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/Evaluate.h"
#include "metrics/MetricParams.h"

namespace ll {

struct PairLight {
    FloatPlane light;   // L = lightSignal(on, off)
    FloatPlane blurred; // blurLightSignal(L, params)
    double blurredPercentile = 0.0; // blurredLightPercentile(blurred, params.lowSignalPercentile)

    // Points `in` at these (EvalInputs::light, blurredLight, blurredPercentile); they must outlive it.
    void into(EvalInputs& in) const;
};

// The pair's light, blurred with `params` and its percentile.
PairLight pairLight(const Image& on, const Image& off, const MetricParams& params);
// The same into `into`, its planes' buffers reused.
void pairLight(const Image& on, const Image& off, const MetricParams& params, PairLight& into);

} // namespace ll
