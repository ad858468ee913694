#include "edit/Ssim.h"

#include "edit/GaussianBlur.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

LocalMoments localMoments(const FloatPlane& x, const FloatPlane& y, double sigma, int radius) {
    const int w = x.width(), h = x.height();
    FloatPlane xx(w, h), yy(w, h), xy(w, h);
    for (std::size_t i = 0; i < x.size(); ++i) {
        xx[i] = x[i] * x[i];
        yy[i] = y[i] * y[i];
        xy[i] = x[i] * y[i];
    }
    LocalMoments m;
    m.meanX = gaussianBlur(x, sigma, radius);
    m.meanY = gaussianBlur(y, sigma, radius);
    m.varX = gaussianBlur(xx, sigma, radius);
    m.varY = gaussianBlur(yy, sigma, radius);
    m.cov = gaussianBlur(xy, sigma, radius);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float mx = m.meanX[i], my = m.meanY[i];
        m.varX[i] = std::max(0.0f, m.varX[i] - mx * mx);
        m.varY[i] = std::max(0.0f, m.varY[i] - my * my);
        m.cov[i] -= mx * my;
    }
    return m;
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
