#include "metrics/RatioImage.h"

#include <tbb/parallel_for.h>

namespace ll {

Image ratioImage(const Image& num, const Image& den, const Mask& omega) {
    Image E(num.width(), num.height());
    tbb::parallel_for(0, num.height(), [&](int y) {
        const float* a = num.pixel(0, y);
        const float* b = den.pixel(0, y);
        const std::uint8_t* m = omega.row(y);
        float* e = E.pixel(0, y);
        for (int x = 0; x < num.width(); ++x, a += 3, b += 3, e += 3)
            for (int c = 0; c < 3; ++c) e[c] = m[x] ? a[c] / b[c] : 0.0f;
    });
    return E;
}

} // namespace ll
