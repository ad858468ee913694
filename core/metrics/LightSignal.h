#pragma once
// The light added by the probe: L = mean_c max(I_on - I_off, 0) (paper A.3). Pixels with a non-finite
// value in either image get L = 0 so that they cannot spread NaN through the low-signal blur (they are
// excluded from Omega by the non-finite test anyway).
#include "image/Image.h"
#include "image/Plane.h"

#include <algorithm>
#include <cmath>

namespace ll {

// L of one pixel from its on and off RGB values (the definition; whole rows go through the row kernel
// lightSpan, EvalRowKernels.h, tested equal to it bit for bit).
inline float lightAt(const float* on, const float* off) {
    double s = 0.0;
    for (int c = 0; c < 3; ++c) s += std::max(double(on[c]) - double(off[c]), 0.0);
    const float v = float(s / 3.0);
    return std::isfinite(v) ? v : 0.0f;
}

FloatPlane lightSignal(const Image& on, const Image& off);
// The same into `out`, its buffer reused (Plane::resize).
void lightSignal(const Image& on, const Image& off, FloatPlane& out);

} // namespace ll
