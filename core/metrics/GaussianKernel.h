#pragma once
// The exactly sampled, truncated, normalised Gaussian kernel and the direct separable convolution with
// it (mirror boundary). This is the reference definition of every Gaussian in the metrics; it costs
// O(radius) per pixel, so the low-signal blur normally uses RecursiveGaussian instead.
#include "image/Plane.h"

#include <vector>

namespace ll {

// Radius as scipy.ndimage.gaussian_filter: int(truncate * sigma + 0.5).
int gaussianRadius(double sigma, double truncate);

// Taps w[-r..r] stored as w[0..2r], w[i] proportional to exp(-0.5 (i-r)^2 / sigma^2), summing to 1.
std::vector<double> gaussianKernel(double sigma, double truncate);

// Separable convolution of a float plane with the sampled kernel (rows then columns, double
// accumulation, mirror boundary). TBB over rows/columns.
FloatPlane gaussianBlurExact(const FloatPlane& src, double sigma, double truncate);

} // namespace ll
