#pragma once
// The one Gaussian blur of LightLens, with its two methods as options:
//  - Exact: the sampled, truncated, normalised kernel (w_i proportional to exp(-i^2 / 2 sigma^2),
//    i = -r..r, summing to 1) applied separably, rows then columns, with double taps and double
//    accumulation. The reference definition of every Gaussian in the code. O(r) per pixel.
//  - Recursive: RecursiveGaussian.h, O(1) per pixel whatever sigma (the metric engine's low-signal
//    blur); 'reflect' border only.
// Radius: scipy.ndimage's int(truncate sigma + 0.5), or an explicit radius. Border: 'reflect' (the
// metric engine, scikit-image) or 'mirror' (the edit scores) as named in image/BorderIndex.h.
// sigma <= 0 returns the input unchanged.
#include "image/BorderIndex.h"
#include "image/Plane.h"

#include <vector>

namespace ll {

enum class GaussianMethod { Exact, Recursive };
enum class GaussianBorder { Reflect, Mirror };

// Index i of a signal of n samples folded into [0, n) by the border rule (image/BorderIndex.h).
inline int foldIndex(GaussianBorder border, long long i, int n) {
    return border == GaussianBorder::Reflect ? reflectIndex(i, n) : mirrorIndex(i, n);
}

struct GaussianBlurOptions {
    double sigma = 1.0;
    double truncate = 4.0; // radius int(truncate sigma + 0.5) (Exact), unless radius >= 0
    int radius = -1;
    GaussianBorder border = GaussianBorder::Reflect;
    GaussianMethod method = GaussianMethod::Exact;
};

// Radius as scipy.ndimage.gaussian_filter: int(truncate * sigma + 0.5).
int gaussianRadius(double sigma, double truncate);

// Taps w[-r..r] stored as w[0..2r], w[i] proportional to exp(-0.5 (i-r)^2 / sigma^2), summing to 1.
std::vector<double> gaussianKernel(double sigma, int radius);
std::vector<double> gaussianKernel(double sigma, double truncate);

// TBB over rows. Throws std::invalid_argument for the recursive method with the mirror border.
FloatPlane gaussianBlur(const FloatPlane& src, const GaussianBlurOptions& options);

// The metric engine's presets: exact with scipy's truncate, 'reflect' border.
inline FloatPlane gaussianBlurExact(const FloatPlane& src, double sigma, double truncate) {
    return gaussianBlur(src, {sigma, truncate, -1, GaussianBorder::Reflect, GaussianMethod::Exact});
}

} // namespace ll
