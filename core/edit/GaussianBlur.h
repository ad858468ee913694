#pragma once
// Separable Gaussian blur of a float plane, mirrored borders (d c b | a b c d | c b a, BorderIndex.h's
// mirrorIndex), TBB over rows.
#include "image/BorderIndex.h"
#include "image/Plane.h"

namespace ll::edit {

// Kernel radius ceil(3 sigma) unless `radius` >= 0 is given. sigma <= 0 returns a copy.
FloatPlane gaussianBlur(const FloatPlane& src, double sigma, int radius = -1);

} // namespace ll::edit
