#pragma once
// Resampling to an evaluation size, in linear light (spec: "Downsampling is area averaging in linear
// light; upsampling, only when forced, uses a proper interpolating filter"). Separable, each axis on
// its own (AxisResampling.h), so an image can shrink in x and grow in y at once.
#include "image/Image.h"
#include "image/Plane.h"

#include <string>

namespace ll {

// Resamples to width x height: along an axis that shrinks, exact area averaging (each output pixel
// is the mean of the input weighted by the fractional overlap of each input pixel with its
// footprint); along an axis that grows, linear interpolation between pixel centres (bilinear, whose
// weights are non-negative, so ratio images stay non-negative); an axis of equal size is copied.
// Sums are formed in double in a fixed order (the result does not depend on the thread count).
// Returns a copy (with its info) when the size already matches. The info is carried over.
Image resampleLinear(const Image& src, int width, int height);

// Carries a mask to width x height: an output pixel is set when any input pixel whose area overlaps
// its footprint by a positive amount is set (e.g. "a pixel is clipped when any source pixel under
// its footprint had a code of 255"), whether the axis shrinks or grows.
Mask resampleMaskAny(const Mask& src, int width, int height);

// The aspect-ratio rule of the spec: a change of more than `tolerance` (relative, default 1%)
// between (srcW, srcH) and (dstW, dstH) throws ll::Error naming `subject` unless `allow` is set.
void checkAspectRatio(int srcW, int srcH, int dstW, int dstH, const std::string& subject,
                      bool allow = false, double tolerance = 0.01);

} // namespace ll
