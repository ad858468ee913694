#pragma once
// Global translation between two images by phase correlation (Kuglin and Hines 1975), sub-pixel.
// Both signals are made zero-mean and weighted by a Hann window times a feathered region mask, the
// normalised cross-power spectrum is low-passed with a Gaussian (sigma 1 px in the correlation
// surface) so the peak is a smooth bump, and the peak is refined by a 3-point Gaussian fit per axis.
// Sign: the estimate d satisfies y(p) ~ x(p - d), i.e. d is how far y moved relative to x.
#include "image/Image.h"
#include "image/Plane.h"

#include <cstddef>
#include <vector>

namespace ll::edit {

struct ShiftEstimate {
    double dx = 0, dy = 0;
    double peak = 0; // height of the correlation peak (1 for a perfect match of white spectra)
};

struct PhaseCorrelationParams {
    double featherSigma = 4.0;   // px: softens the region boundary before weighting
    double peakSigma = 1.0;      // px: Gaussian low-pass of the correlation surface
    double maxShiftFraction = 0.25; // peaks farther than this fraction of the size are ignored
};

// The `count` highest local maxima of the correlation surface (8-neighbourhood, within the shift
// range), each refined to sub-pixel, highest first; at least one. A copied region or a repeated
// pattern makes a second peak that can outgrow the true one, so callers validate the peaks.
std::vector<ShiftEstimate> phaseCorrelationPeaks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                                 std::size_t count, const PhaseCorrelationParams& params = {});

// The highest peak. `region` (optional) restricts the comparison (e.g. the preserved region).
ShiftEstimate phaseCorrelate(const FloatPlane& x, const FloatPlane& y, const Mask* region = nullptr,
                             const PhaseCorrelationParams& params = {});

// Translates by (dx, dy) with the Fourier shift theorem (y(p) = src(p - d)). The raster is padded by
// mirroring to a fast FFT size, and the padding (beyond |d| + 2 px of the image) is tapered to the
// image mean with a raised cosine, so the periodic raster is continuous where it wraps around and the
// shift does not ring at the image borders (an unpadded or untapered raster rings there with a
// sub-pixel shift, and the ringing reads as changed content).
FloatPlane fourierShift(const FloatPlane& src, double dx, double dy);
Image fourierShift(const Image& src, double dx, double dy);

} // namespace ll::edit
