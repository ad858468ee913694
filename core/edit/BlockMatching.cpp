#include "edit/BlockMatching.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {

// Smaller eigenvalue of the mean structure tensor [gx^2 gxgy; gxgy gy^2] of the block (central
// differences, the one-pixel frame of the block read from its neighbours in the image).
double structureTensorMinEigen(const FloatPlane& x, int x0, int y0, int b) {
    const int w = x.width(), h = x.height();
    double sxx = 0, syy = 0, sxy = 0;
    for (int j = 0; j < b; ++j)
        for (int i = 0; i < b; ++i) {
            const int px = x0 + i, py = y0 + j;
            const double gx = 0.5 * (x(std::min(px + 1, w - 1), py) - x(std::max(px - 1, 0), py));
            const double gy = 0.5 * (x(px, std::min(py + 1, h - 1)) - x(px, std::max(py - 1, 0)));
            sxx += gx * gx;
            syy += gy * gy;
            sxy += gx * gy;
        }
    const double n = double(b) * b;
    sxx /= n;
    syy /= n;
    sxy /= n;
    const double tr = 0.5 * (sxx + syy), det = sxx * syy - sxy * sxy;
    return std::max(0.0, tr - std::sqrt(std::max(0.0, tr * tr - det)));
}

} // namespace

std::vector<BlockShift> matchBlocks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                    const BlockMatchParams& p) {
    const int w = x.width(), h = x.height(), b = p.blockSize, r = p.searchRadius;
    const int cx = p.centreX, cy = p.centreY;
    std::vector<BlockShift> blocks;
    for (int y0 = r; y0 + b + r <= h; y0 += b)
        for (int x0 = r; x0 + b + r <= w; x0 += b) {
            if (x0 + cx - r < 0 || x0 + cx + r + b > w || y0 + cy - r < 0 || y0 + cy + r + b > h) continue;
            if (region) {
                std::size_t in = 0;
                for (int j = 0; j < b; ++j)
                    for (int i = 0; i < b; ++i) in += (*region)(x0 + i, y0 + j) != 0;
                if (double(in) < p.minCoverage * b * b) continue;
            }
            BlockShift s;
            s.x0 = x0;
            s.y0 = y0;
            blocks.push_back(s);
        }
    const double n = double(b) * b;
    tbb::parallel_for(std::size_t(0), blocks.size(), [&](std::size_t k) {
        BlockShift& bs = blocks[k];
        double sx = 0, sxx = 0;
        for (int j = 0; j < b; ++j)
            for (int i = 0; i < b; ++i) {
                const double v = x(bs.x0 + i, bs.y0 + j);
                sx += v;
                sxx += v * v;
            }
        const double mx = sx / n, vx = std::max(0.0, sxx / n - mx * mx);
        bs.std = std::sqrt(vx);
        bs.textured = bs.std >= p.textureStd;
        bs.minEigen = structureTensorMinEigen(x, bs.x0, bs.y0, b);
        bs.dx = cx;
        bs.dy = cy;
        if (vx <= 1e-12) return;
        const int side = 2 * r + 1;
        std::vector<double> score(std::size_t(side) * side, -2.0);
        for (int v = -r; v <= r; ++v)
            for (int u = -r; u <= r; ++u) {
                double sy = 0, syy = 0, sxy = 0;
                for (int j = 0; j < b; ++j) {
                    const float* xr = x.row(bs.y0 + j) + bs.x0;
                    const float* yr = y.row(bs.y0 + j + cy + v) + bs.x0 + cx + u;
                    for (int i = 0; i < b; ++i) {
                        sy += yr[i];
                        syy += double(yr[i]) * yr[i];
                        sxy += double(xr[i]) * yr[i];
                    }
                }
                const double my = sy / n, vy = syy / n - my * my, cxy = sxy / n - mx * my;
                score[std::size_t(v + r) * side + (u + r)] = vy > 1e-12 ? cxy / std::sqrt(vx * vy) : 0.0;
            }
        const auto it = std::max_element(score.begin(), score.end());
        const int idx = int(it - score.begin());
        const int bu = idx % side - r, bv = idx / side - r;
        auto at = [&](int u, int v) { return score[std::size_t(v + r) * side + (u + r)]; };
        auto parabola = [](double m, double c, double pl) {
            const double den = m - 2 * c + pl;
            return den < 0 ? std::clamp(0.5 * (m - pl) / den, -0.5, 0.5) : 0.0;
        };
        bs.ncc = *it;
        bs.nccAtCentre = at(0, 0);
        bs.dx = cx + bu + ((bu > -r && bu < r) ? parabola(at(bu - 1, bv), *it, at(bu + 1, bv)) : 0.0);
        bs.dy = cy + bv + ((bv > -r && bv < r) ? parabola(at(bu, bv - 1), *it, at(bu, bv + 1)) : 0.0);
    });
    return blocks;
}

} // namespace ll::edit
