#include "metrics/BandPairMask.h"

#include "metrics/LightSignal.h"
#include "util/Error.h"

#include <tbb/parallel_for.h>

namespace ll {

Mask bandPairMask(const Image& on, const Image& off, float k, const std::optional<float>& clip, const Mask* window) {
    const int W = on.width(), H = on.height();
    if (off.width() != W || off.height() != H) throw Error("band pair mask", "the on and off images differ in size");
    if (window && (window->width() != W || window->height() != H))
        throw Error("band pair mask", "the window mask differs in size from the pair");
    Mask p(W, H, 0);
    tbb::parallel_for(0, H, [&](int y) {
        const float* a = on.pixel(0, y);
        const float* b = off.pixel(0, y);
        std::uint8_t* out = p.row(y);
        for (int x = 0; x < W; ++x, a += 3, b += 3)
            out[x] = inBandPairMask(a, b, k, clip, window && (*window)(x, y)) ? 1 : 0;
    });
    return p;
}

IntensityBands pairIntensityBands(const Image& on, const Image& off, float k, const std::optional<float>& clip,
                                  const Mask* window, const std::vector<double>& edgesPercent) {
    return intensityBands(lightSignal(on, off), bandPairMask(on, off, k, clip, window), edgesPercent);
}

} // namespace ll
