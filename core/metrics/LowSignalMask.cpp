#include "metrics/LowSignalMask.h"

#include "image/GaussianBlur.h"
#include "image/RecursiveGaussian.h"
#include "metrics/BracketSelect.h"

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

double blurredLightPercentile(const FloatPlane& blurred, double percentile, BracketSelect& sel,
                              std::vector<float>& sample) {
    const int W = blurred.width(), H = blurred.height();
    const std::size_t N = std::size_t(W) * std::size_t(H);
    sampleStratified(N, sampleCount(N), 1, sample, [&](std::size_t i, float* out) {
        out[0] = blurred[i];
        return true;
    });
    sel.reset(1);
    sel.setTarget(0, percentile, sample);
    sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) { emit.span(0, blurred.row(y), std::size_t(W)); });
    return sel.percentile(0);
}

double blurredLightPercentile(const FloatPlane& blurred, double percentile) {
    BracketSelect sel;
    std::vector<float> sample;
    return blurredLightPercentile(blurred, percentile, sel, sample);
}

} // namespace ll
