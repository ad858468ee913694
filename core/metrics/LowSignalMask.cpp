#include "metrics/LowSignalMask.h"

#include "image/GaussianBlur.h"
#include "metrics/OrderStatistics.h"
#include "image/RecursiveGaussian.h"

#include <tbb/parallel_for.h>

#include <algorithm>

namespace ll {

static double lowSignalSigma(const FloatPlane& L, const MetricParams& p) {
    return p.lowSignalSigmaFraction * double(std::max(L.width(), L.height()));
}

FloatPlane blurLightSignal(const FloatPlane& L, const MetricParams& p) {
    const double sigma = lowSignalSigma(L, p);
    if (p.blurMethod == BlurMethod::ExactKernel) return gaussianBlurExact(L, sigma, p.lowSignalTruncate);
    return gaussianBlurRecursive(L, sigma);
}

LowSignal lowSignalMask(const FloatPlane& L, const MetricParams& p) {
    LowSignal r;
    r.sigma = lowSignalSigma(L, p);
    r.blurred = blurLightSignal(L, p);
    std::vector<float> scratch(r.blurred.values());
    r.percentile = scratch.empty() ? 0.0 : percentileOf(scratch, p.lowSignalPercentile);
    r.threshold = p.lowSignalFraction * r.percentile;
    r.excluded = Mask(L.width(), L.height());
    const bool none = !(r.percentile > 0.0);
    const float* b = r.blurred.data();
    std::uint8_t* m = r.excluded.data();
    const double t = r.threshold;
    tbb::parallel_for(0, L.height(), [&](int y) {
        const std::size_t i0 = std::size_t(y) * L.width();
        for (std::size_t i = i0; i < i0 + std::size_t(L.width()); ++i) m[i] = (none || !(double(b[i]) >= t)) ? 1 : 0;
    });
    return r;
}

} // namespace ll
