#include "metrics/ExclusionMasks.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {
namespace {

// Fills a mask row by row from a per-pixel predicate.
template <typename Pred>
Mask maskWhere(int W, int H, Pred pred) {
    Mask m(W, H);
    tbb::parallel_for(0, H, [&](int y) {
        std::uint8_t* r = m.row(y);
        for (int x = 0; x < W; ++x) r[x] = pred(x, y) ? 1 : 0;
    });
    return m;
}

bool anyNonFinite(const float* p) { return !std::isfinite(p[0]) || !std::isfinite(p[1]) || !std::isfinite(p[2]); }

} // namespace

Mask nonFiniteMask(const Image& on, const Image& off, const Image& edit) {
    return maskWhere(on.width(), on.height(), [&](int x, int y) {
        return anyNonFinite(on.pixel(x, y)) || anyNonFinite(off.pixel(x, y)) || anyNonFinite(edit.pixel(x, y));
    });
}

Mask nonPositiveDenominatorMask(const Image& d) {
    return maskWhere(d.width(), d.height(), [&](int x, int y) {
        const float* p = d.pixel(x, y);
        return !(p[0] > 0.0f) || !(p[1] > 0.0f) || !(p[2] > 0.0f);
    });
}

Mask clippedRealMask(const Image& on, const Image& off, std::optional<float> clipLevel) {
    if (!clipLevel) return Mask(on.width(), on.height(), 0);
    const float c = *clipLevel;
    return maskWhere(on.width(), on.height(), [&](int x, int y) {
        const float* a = on.pixel(x, y);
        const float* b = off.pixel(x, y);
        return a[0] >= c || a[1] >= c || a[2] >= c || b[0] >= c || b[1] >= c || b[2] >= c;
    });
}

Mask clippedEditMask(const Image& edit, const Codes8* codes, float k, int clipCode, std::optional<float> level) {
    const int W = edit.width();
    if (codes) {
        return maskWhere(W, edit.height(), [&](int x, int y) {
            const std::uint8_t* p = codes->rgb.data() + (std::size_t(y) * W + x) * 3;
            return p[0] == clipCode || p[1] == clipCode || p[2] == clipCode;
        });
    }
    if (!level) return Mask(W, edit.height(), 0);
    const float clipLevel = *level;
    return maskWhere(W, edit.height(), [&](int x, int y) {
        const float* p = edit.pixel(x, y);
        return k * p[0] >= clipLevel || k * p[1] >= clipLevel || k * p[2] >= clipLevel;
    });
}

} // namespace ll
