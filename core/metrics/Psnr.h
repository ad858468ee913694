#pragma once
// PSNR between two display-encoded images in [0, 1] over all pixels and channels (data range 1), as
// skimage.metrics.peak_signal_noise_ratio: 10 log10(1 / MSE). No value (null) for identical images.
#include "image/Image.h"

#include <optional>

namespace ll {

std::optional<double> psnr(const Image& a, const Image& b);

} // namespace ll
