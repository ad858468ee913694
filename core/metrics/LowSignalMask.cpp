#include "metrics/LowSignalMask.h"

#include "image/GaussianBlur.h"
#include "image/RecursiveGaussian.h"

#include <algorithm>

namespace ll {

void blurLightSignal(const FloatPlane& L, const MetricParams& p, FloatPlane& out) {
    const double sigma = p.lowSignalSigmaFraction * double(std::max(L.width(), L.height()));
    if (p.blurMethod == BlurMethod::ExactKernel)
        out = gaussianBlurExact(L, sigma, p.lowSignalTruncate);
    else
        gaussianBlurRecursive(L, sigma, out);
}

FloatPlane blurLightSignal(const FloatPlane& L, const MetricParams& p) {
    FloatPlane out;
    blurLightSignal(L, p, out);
    return out;
}

} // namespace ll
