#include "edit/Sobel.h"

#include "edit/GaussianBlur.h"

#include <tbb/parallel_for.h>

namespace ll::edit {

Gradients sobel(const FloatPlane& s) {
    const int w = s.width(), h = s.height();
    Gradients g{FloatPlane(w, h), FloatPlane(w, h)};
    tbb::parallel_for(0, h, [&](int y) {
        const float* r0 = s.row(mirrorIndex(y - 1, h));
        const float* r1 = s.row(y);
        const float* r2 = s.row(mirrorIndex(y + 1, h));
        for (int x = 0; x < w; ++x) {
            const int xl = mirrorIndex(x - 1, w), xr = mirrorIndex(x + 1, w);
            g.gx(x, y) = ((r0[xr] + 2 * r1[xr] + r2[xr]) - (r0[xl] + 2 * r1[xl] + r2[xl])) / 8.0f;
            g.gy(x, y) = ((r2[xl] + 2 * r2[x] + r2[xr]) - (r0[xl] + 2 * r0[x] + r0[xr])) / 8.0f;
        }
    });
    return g;
}

FloatPlane sobelMagnitudeSquared(const FloatPlane& src) {
    const Gradients g = sobel(src);
    FloatPlane out(src.width(), src.height());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = g.gx[i] * g.gx[i] + g.gy[i] * g.gy[i];
    return out;
}

} // namespace ll::edit
