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
    pairLight(on, off, params, p);
    return p;
}

void pairLight(const Image& on, const Image& off, const MetricParams& params, PairLight& p) {
    lightSignal(on, off, p.light);
    blurLightSignal(p.light, params, p.blurred);
    p.blurredPercentile = blurredLightPercentile(p.blurred, params.lowSignalPercentile);
}

} // namespace ll
