#include "edit/NoiseEstimate.h"

#include <cmath>
#include <numbers>

namespace ll::edit {

std::optional<double> immerkaerSigma(const FloatPlane& s, const Mask* region) {
    const int w = s.width(), h = s.height();
    double sum = 0;
    std::size_t n = 0;
    for (int y = 1; y + 1 < h; ++y)
        for (int x = 1; x + 1 < w; ++x) {
            if (region && !(*region)(x, y)) continue;
            const double v = s(x - 1, y - 1) - 2 * s(x, y - 1) + s(x + 1, y - 1) - 2 * s(x - 1, y) + 4 * s(x, y) -
                             2 * s(x + 1, y) + s(x - 1, y + 1) - 2 * s(x, y + 1) + s(x + 1, y + 1);
            sum += std::abs(v);
            ++n;
        }
    if (n == 0) return std::nullopt;
    return std::sqrt(std::numbers::pi / 2.0) / 6.0 * sum / double(n);
}

} // namespace ll::edit
