#pragma once
// PSNR between two display-encoded images in [0, 1] over all pixels and channels (data range 1), as
// skimage.metrics.peak_signal_noise_ratio: 10 log10(1 / MSE). No value (null) for identical images.
#include "image/Image.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace ll {

std::optional<double> psnr(const Image& a, const Image& b);

// The squared differences of row y of a and b: sum over the row's 3W values, in order, of
// (double(a) - double(b))^2.
double psnrRowSum(const float* a, const float* b, int W);
// PSNR from the row sums of psnrRowSum (in row order) over `pixels` pixels: psnr() of the images.
std::optional<double> psnrOfRowSums(const std::vector<double>& rows, std::size_t pixels);

} // namespace ll
