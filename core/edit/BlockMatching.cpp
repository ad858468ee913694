#include "edit/BlockMatching.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

std::vector<BlockShift> matchBlocks(const FloatPlane& x, const FloatPlane& y, const Mask* region,
                                    const BlockMatchParams& p) {
    const int w = x.width(), h = x.height(), b = p.blockSize, r = p.searchRadius;
    std::vector<BlockShift> blocks;
    for (int y0 = r; y0 + b + r <= h; y0 += b)
        for (int x0 = r; x0 + b + r <= w; x0 += b) {
            if (region) {
                std::size_t in = 0;
                for (int j = 0; j < b; ++j)
                    for (int i = 0; i < b; ++i) in += (*region)(x0 + i, y0 + j) != 0;
                if (double(in) < p.minCoverage * b * b) continue;
            }
            blocks.push_back({x0, y0, 0, 0, 0, false});
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
        bs.textured = std::sqrt(vx) >= p.textureStd;
        if (vx <= 1e-12) return;
        const int side = 2 * r + 1;
        std::vector<double> score(std::size_t(side) * side, -2.0);
        for (int v = -r; v <= r; ++v)
            for (int u = -r; u <= r; ++u) {
                double sy = 0, syy = 0, sxy = 0;
                for (int j = 0; j < b; ++j) {
                    const float* xr = x.row(bs.y0 + j) + bs.x0;
                    const float* yr = y.row(bs.y0 + j + v) + bs.x0 + u;
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
        bs.dx = bu + ((bu > -r && bu < r) ? parabola(at(bu - 1, bv), *it, at(bu + 1, bv)) : 0.0);
        bs.dy = bv + ((bv > -r && bv < r) ? parabola(at(bu, bv - 1), *it, at(bu, bv + 1)) : 0.0);
    });
    return blocks;
}

} // namespace ll::edit
