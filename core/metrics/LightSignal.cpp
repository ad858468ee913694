#include "metrics/LightSignal.h"

#include <tbb/parallel_for.h>


namespace ll {

FloatPlane lightSignal(const Image& on, const Image& off) {
    FloatPlane L(on.width(), on.height());
    tbb::parallel_for(0, on.height(), [&](int y) {
        const float* a = on.pixel(0, y);
        const float* b = off.pixel(0, y);
        float* o = L.row(y);
        for (int x = 0; x < on.width(); ++x, a += 3, b += 3) o[x] = lightAt(a, b);
    });
    return L;
}

} // namespace ll
