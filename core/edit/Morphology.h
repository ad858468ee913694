#pragma once
// Binary morphology on masks (0/1). Disk dilation is exact: a pixel joins when its Euclidean distance
// to the nearest set pixel is <= r, from an exact squared distance transform (Felzenszwalb and
// Huttenlocher 2012, two separable 1-D lower-envelope passes).
#include "image/Plane.h"

namespace ll::edit {

// Squared Euclidean distance from every pixel to the nearest set pixel (+inf-like 1e20 when none).
FloatPlane squaredDistanceToSet(const Mask& mask);

Mask dilateDisk(const Mask& mask, double radius);
Mask invertMask(const Mask& mask);
Mask andMask(const Mask& a, const Mask& b);
Mask andNotMask(const Mask& a, const Mask& b); // a and not b
// Clears a border of `width` pixels.
Mask withoutBorder(const Mask& mask, int width);

} // namespace ll::edit
