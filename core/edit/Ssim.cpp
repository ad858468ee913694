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

SsimMaps ssimMaps(const FloatPlane& x, const FloatPlane& y, const SsimParams& p) {
    const LocalMoments m = localMoments(x, y, p.sigma, p.radius);
    const double c1 = (p.k1 * p.range) * (p.k1 * p.range), c2 = (p.k2 * p.range) * (p.k2 * p.range), c3 = c2 / 2;
    SsimMaps out{FloatPlane(x.width(), x.height()), FloatPlane(x.width(), x.height())};
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, x.size(), 1 << 15), [&](const auto& r) {
        for (std::size_t i = r.begin(); i < r.end(); ++i) {
            const double mx = m.meanX[i], my = m.meanY[i], vx = m.varX[i], vy = m.varY[i], cv = m.cov[i];
            out.ssim[i] = float(((2 * mx * my + c1) * (2 * cv + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2)));
            out.structure[i] = float((cv + c3) / (std::sqrt(vx * vy) + c3));
        }
    });
    return out;
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
