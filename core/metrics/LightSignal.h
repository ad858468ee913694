#pragma once
// The light added by the probe: L = mean_c max(I_on - I_off, 0) (paper A.3). Pixels with a non-finite
// value in either image get L = 0 so that they cannot spread NaN through the low-signal blur (they are
// excluded from Omega by the non-finite test anyway).
#include "image/Image.h"
#include "image/Plane.h"

namespace ll {

FloatPlane lightSignal(const Image& on, const Image& off);

} // namespace ll
