#pragma once
// Separable Gaussian blur of a float plane, mirrored borders (d c b | a b c d | c b a), TBB over rows.
#include "image/Plane.h"

namespace ll::edit {

// Kernel radius ceil(3 sigma) unless `radius` >= 0 is given. sigma <= 0 returns a copy.
FloatPlane gaussianBlur(const FloatPlane& src, double sigma, int radius = -1);

// Index into [0, n) with mirrored borders (no repeated edge sample); valid for any offset.
inline int mirrorIndex(int i, int n) {
    if (n == 1) return 0;
    const int period = 2 * (n - 1);
    i %= period;
    if (i < 0) i += period;
    return i < n ? i : period - i;
}

} // namespace ll::edit
