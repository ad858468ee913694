#include "metrics/Gradient.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {

Mask gradientDomain(const Mask& omega) {
    const int W = omega.width(), H = omega.height();
    Mask d(W, H, 0);
    if (W < 3 || H < 3) return d;
    tbb::parallel_for(1, H - 1, [&](int y) {
        const std::uint8_t* up = omega.row(y - 1);
        const std::uint8_t* mid = omega.row(y);
        const std::uint8_t* dn = omega.row(y + 1);
        std::uint8_t* o = d.row(y);
        for (int x = 1; x < W - 1; ++x) o[x] = (mid[x] && mid[x - 1] && mid[x + 1] && up[x] && dn[x]) ? 1 : 0;
    });
    return d;
}

Image gradientMagnitude(const Image& E, const Mask& domain) {
    const int W = E.width(), H = E.height();
    Image M(W, H);
    tbb::parallel_for(0, H, [&](int y) {
        const std::uint8_t* m = domain.row(y);
        for (int x = 0; x < W; ++x) {
            if (!m[x]) continue;
            const float* l = E.pixel(x - 1, y);
            const float* r = E.pixel(x + 1, y);
            const float* u = E.pixel(x, y - 1);
            const float* d = E.pixel(x, y + 1);
            float* o = M.pixel(x, y);
            for (int c = 0; c < 3; ++c) {
                const double gx = (double(r[c]) - double(l[c])) / 2.0;
                const double gy = (double(d[c]) - double(u[c])) / 2.0;
                o[c] = float(std::sqrt(gx * gx + gy * gy));
            }
        }
    });
    return M;
}

} // namespace ll
