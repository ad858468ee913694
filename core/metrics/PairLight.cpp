#include "metrics/PairLight.h"

#include "metrics/LightSignal.h"
#include "metrics/LowSignalMask.h"

#include <cmath>

namespace ll {

void PairLight::into(EvalInputs& in) const {
    in.light = &light;
    in.blurredLight = &blurred;
    in.blurredPercentile.reset();
    if (std::isfinite(blurredPercentile)) in.blurredPercentile = blurredPercentile;
}

PairLight pairLight(const Image& on, const Image& off, const MetricParams& params) {
    PairLight p;
    p.light = lightSignal(on, off);
    blurLightSignal(p.light, params, p.blurred);
    p.blurredPercentile = blurredLightPercentile(p.blurred, params.lowSignalPercentile);
    return p;
}

} // namespace ll
