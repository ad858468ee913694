#pragma once
// SSIM maps (Wang, Bovik, Sheikh, Simoncelli 2004): Gaussian window sigma 1.5 (11 x 11), K1 = 0.01,
// K2 = 0.03, dynamic range L (1 for signals in [0, 1]). Besides the SSIM index map it returns the
// structure term s = (sigma_xy + C3) / (sigma_x sigma_y + C3), C3 = C2 / 2.
#include "image/Plane.h"

namespace ll::edit {

struct SsimParams {
    double sigma = 1.5;
    int radius = 5; // 11 x 11 window as in the paper
    double k1 = 0.01;
    double k2 = 0.03;
    double range = 1.0;
};

struct SsimMaps {
    FloatPlane ssim;      // l * c * s
    FloatPlane structure; // s
};

SsimMaps ssimMaps(const FloatPlane& x, const FloatPlane& y, const SsimParams& params = {});

// Local Gaussian-window statistics of two signals (means, variances, covariance).
struct LocalMoments {
    FloatPlane meanX, meanY, varX, varY, cov;
};
LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, double sigma, int radius = -1);

// Local normalised cross-correlation (cov + c) / (sqrt(varX varY) + c) with a Gaussian window.
// Where both variances are below `minVariance` (and c = 0) the value is 0.
FloatPlane localNcc(const FloatPlane& x, const FloatPlane& y, double sigma, double c = 0.0,
                    double minVariance = 1e-10);

} // namespace ll::edit
