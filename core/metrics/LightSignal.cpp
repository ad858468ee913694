#include "metrics/LightSignal.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll {

FloatPlane lightSignal(const Image& on, const Image& off) {
    FloatPlane L(on.width(), on.height());
    tbb::parallel_for(0, on.height(), [&](int y) {
        const float* a = on.pixel(0, y);
        const float* b = off.pixel(0, y);
        float* o = L.row(y);
        for (int x = 0; x < on.width(); ++x, a += 3, b += 3) {
            double s = 0.0;
            for (int c = 0; c < 3; ++c) s += std::max(double(a[c]) - double(b[c]), 0.0);
            const float v = float(s / 3.0);
            o[x] = std::isfinite(v) ? v : 0.0f;
        }
    });
    return L;
}

} // namespace ll
