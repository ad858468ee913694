#pragma once
// The edit scores' SSIM maps (image/Ssim.h with the edit scores' window) and the local Gaussian-window
// moments and normalised cross-correlation of the repainting check.
#include "image/Plane.h"
#include "image/Ssim.h"

namespace ll::edit {

// The edit scores' SSIM: image/Ssim.h's ssimMaps with an 11 x 11 window (sigma 1.5, radius 5) folded
// at the edges with the 'mirror' border, as the edit scores' Gaussian (edit/GaussianBlur.h).
inline SsimParams editSsimParams() {
    SsimParams p;
    p.radius = 5;
    p.border = GaussianBorder::Mirror;
    return p;
}

inline SsimMaps ssimMaps(const FloatPlane& x, const FloatPlane& y) { return ll::ssimMaps(x, y, editSsimParams()); }

// Local Gaussian-window statistics of two signals (means, variances, covariance; image/Ssim.h's
// localMoments) with the edit scores' window: sigma, radius ceil(3 sigma) unless given, 'mirror' border.
LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, double sigma, int radius = -1);

// Local normalised cross-correlation (cov + c) / (sqrt(varX varY) + c) with a Gaussian window.
// Where both variances are below `minVariance` (and c = 0) the value is 0.
FloatPlane localNcc(const FloatPlane& x, const FloatPlane& y, double sigma, double c = 0.0,
                    double minVariance = 1e-10);

} // namespace ll::edit
