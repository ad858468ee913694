#include "edit/Ssim.h"

#include "edit/GaussianBlur.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, double sigma, int radius) {
    SsimParams window;
    window.sigma = sigma;
    window.radius = editRadius(sigma, radius);
    window.border = GaussianBorder::Mirror;
    return ll::localMoments(x, y, window);
}

FloatPlane localNcc(const FloatPlane& x, const FloatPlane& y, double sigma, double c, double minVariance) {
    const LocalMoments m = localMoments(x, y, sigma);
    FloatPlane out(x.width(), x.height());
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double vx = m.varX[i], vy = m.varY[i];
        if (c == 0 && (vx < minVariance || vy < minVariance)) {
            out[i] = 0.0f;
            continue;
        }
        out[i] = float(std::clamp((m.cov[i] + c) / (std::sqrt(vx * vy) + c), -1.0, 1.0));
    }
    return out;
}

} // namespace ll::edit
