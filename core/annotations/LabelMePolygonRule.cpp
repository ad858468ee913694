#include "annotations/LabelMePolygonRule.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ll {

namespace {

struct IntPoint {
    long long x, y;
};

long long truncated(double v) {
    if (!(v == v)) return 0;
    return static_cast<long long>(std::clamp(v, -1e8, 1e8));
}

void setClipped(Mask& m, long long x, long long y) {
    if (x >= 0 && y >= 0 && x < m.width() && y < m.height()) m(int(x), int(y)) = 1;
}

void bresenham(Mask& m, IntPoint a, IntPoint b) {
    const long long dx = std::llabs(b.x - a.x), dy = -std::llabs(b.y - a.y);
    const long long sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
    long long err = dx + dy, x = a.x, y = a.y;
    for (;;) {
        setClipped(m, x, y);
        if (x == b.x && y == b.y) break;
        const long long e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
    }
}

// One-pixel line from a to b. A line much longer than the image is first cut (Liang-Barsky) to a
// box two pixels larger than the image, so its cost stays bounded by the image size.
void drawLine(Mask& m, IntPoint a, IntPoint b) {
    const long long steps = std::max(std::llabs(b.x - a.x), std::llabs(b.y - a.y));
    if (steps <= 4LL * (m.width() + m.height()) + 16) return bresenham(m, a, b);
    const double x0 = double(a.x), y0 = double(a.y), ddx = double(b.x - a.x), ddy = double(b.y - a.y);
    double t0 = 0, t1 = 1;
    const double p[4] = {-ddx, ddx, -ddy, ddy};
    const double q[4] = {x0 + 2, double(m.width()) + 1 - x0, y0 + 2, double(m.height()) + 1 - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return;
            continue;
        }
        const double r = q[i] / p[i];
        if (p[i] < 0) t0 = std::max(t0, r);
        else t1 = std::min(t1, r);
    }
    if (t0 > t1) return;
    bresenham(m, {std::llround(x0 + t0 * ddx), std::llround(y0 + t0 * ddy)},
              {std::llround(x0 + t1 * ddx), std::llround(y0 + t1 * ddy)});
}

} // namespace

Mask rasteriseRingLabelMe(const Ring& ring, int width, int height) {
    Mask mask(std::max(width, 0), std::max(height, 0), 0);
    if (ring.empty() || width <= 0 || height <= 0) return mask;
    std::vector<IntPoint> p;
    p.reserve(ring.size());
    for (const auto& v : ring) p.push_back({truncated(v.x), truncated(v.y)});
    const std::size_t k = p.size();

    // Interior: for each pixel row, the x where edges (half-open in y) cross it, filled in pairs.
    long long yMin = p[0].y, yMax = p[0].y;
    for (const auto& v : p) {
        yMin = std::min(yMin, v.y);
        yMax = std::max(yMax, v.y);
    }
    std::vector<double> xs;
    for (long long y = std::max<long long>(yMin, 0); y <= std::min<long long>(yMax, height - 1); ++y) {
        xs.clear();
        for (std::size_t j = 0; j < k; ++j) {
            const IntPoint a = p[j], b = p[(j + 1) % k];
            if (a.y == b.y) continue;
            const IntPoint lo = a.y < b.y ? a : b, hi = a.y < b.y ? b : a;
            if (y < lo.y || y >= hi.y) continue;
            xs.push_back(double(lo.x) + double(y - lo.y) * double(hi.x - lo.x) / double(hi.y - lo.y));
        }
        std::sort(xs.begin(), xs.end());
        for (std::size_t i = 0; i + 1 < xs.size(); i += 2) {
            const long long x0 = std::max<long long>(0, static_cast<long long>(std::ceil(xs[i] - 1e-9)));
            const long long x1 = std::min<long long>(width - 1, static_cast<long long>(std::floor(xs[i + 1] + 1e-9)));
            for (long long x = x0; x <= x1; ++x) mask(int(x), int(y)) = 1;
        }
    }
    // Outline.
    for (std::size_t j = 0; j < k; ++j) drawLine(mask, p[j], p[(j + 1) % k]);
    return mask;
}

} // namespace ll
