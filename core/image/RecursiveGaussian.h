#pragma once
// Gaussian blur in O(1) per pixel, independent of sigma: a recursive (IIR) filter in the manner of
// Deriche, with a causal and an anti-causal pass per axis. The impulse response is a sum of three
// damped complex exponentials fitted to exp(-t^2/2) (max error 8e-6 of the peak for t in [0, 10]),
// so the result differs from the exactly sampled kernel truncated at 4 sigma (GaussianBlur.h, the exact method) by
// about 1.3e-4 of the signal in L1, mostly the kernel's own truncated tail. The mirror boundary
// "d c b a | a b c d" is handled exactly by running the recursions over an explicitly mirrored
// extension of ceil(6 sigma) samples, started in their steady state.
#include "image/Plane.h"

namespace ll {

FloatPlane gaussianBlurRecursive(const FloatPlane& src, double sigma);

// The same into dst (resized when its size differs; no other memory than two thread-local rows
// blocks): along y into dst, then along x in place, in blocks of rows.
void gaussianBlurRecursive(const FloatPlane& src, double sigma, FloatPlane& dst);

} // namespace ll
