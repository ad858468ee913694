#include "metrics/Ssim.h"

#include "metrics/GaussianKernel.h"
#include "metrics/MirrorIndex.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <vector>

namespace ll {

std::optional<double> ssim(const Image& a, const Image& b, const SsimParams& p) {
    const int W = a.width(), H = a.height();
    const std::vector<double> w = gaussianKernel(p.sigma, p.truncate);
    const int r = int(w.size() / 2);
    const int taps = 2 * r + 1;
    if (W != b.width() || H != b.height() || W < taps || H < taps) return std::nullopt;
    const double C1 = p.k1 * p.k1, C2 = p.k2 * p.k2;
    const int pad = (taps - 1) / 2;
    const int y0 = pad, y1 = H - pad, x0 = pad, x1 = W - pad; // the averaged (cropped) area
    if (y1 <= y0 || x1 <= x0) return std::nullopt;

    // Per cropped row and channel: sum of the SSIM map over the cropped columns.
    std::vector<std::array<double, 3>> rowSums(static_cast<std::size_t>(H));
    constexpr int kChunk = 32;
    const int chunks = (y1 - y0 + kChunk - 1) / kChunk;
    tbb::parallel_for(0, chunks, [&](int chunk) {
        const int ya = y0 + chunk * kChunk, yb = std::min(y1, ya + kChunk);
        const int rows = (yb - ya) + 2 * r;
        // Horizontally filtered x, y, xx, yy, xy for rows ya-r .. yb+r-1 (mirror indexed), one channel.
        std::vector<double> hf(std::size_t(rows) * 5 * W);
        for (int c = 0; c < 3; ++c) {
            for (int j = 0; j < rows; ++j) {
                const int sy = mirrorIndex(ya - r + j, H);
                double* o = hf.data() + std::size_t(j) * 5 * W;
                for (int x = 0; x < W; ++x) {
                    double sx = 0, sy2 = 0, sxx = 0, syy = 0, sxy = 0;
                    for (int t = -r; t <= r; ++t) {
                        const int xx = mirrorIndex(x + t, W);
                        const double u = a.at(xx, sy, c), v = b.at(xx, sy, c), wt = w[std::size_t(t + r)];
                        sx += wt * u;
                        sy2 += wt * v;
                        sxx += wt * u * u;
                        syy += wt * v * v;
                        sxy += wt * u * v;
                    }
                    o[x] = sx;
                    o[W + x] = sy2;
                    o[2 * W + x] = sxx;
                    o[3 * W + x] = syy;
                    o[4 * W + x] = sxy;
                }
            }
            for (int y = ya; y < yb; ++y) {
                const int j0 = y - ya; // rows j0 .. j0+2r of hf
                double sum = 0.0;
                for (int x = x0; x < x1; ++x) {
                    double m[5] = {0, 0, 0, 0, 0};
                    for (int t = 0; t < taps; ++t) {
                        const double* row = hf.data() + std::size_t(j0 + t) * 5 * W;
                        const double wt = w[std::size_t(t)];
                        for (int q = 0; q < 5; ++q) m[q] += wt * row[q * W + x];
                    }
                    const double ux = m[0], uy = m[1];
                    const double vx = m[2] - ux * ux, vy = m[3] - uy * uy, vxy = m[4] - ux * uy;
                    sum += ((2 * ux * uy + C1) * (2 * vxy + C2)) / ((ux * ux + uy * uy + C1) * (vx + vy + C2));
                }
                rowSums[std::size_t(y)][std::size_t(c)] = sum;
            }
        }
    });
    std::array<double, 3> total{};
    for (int y = y0; y < y1; ++y)
        for (std::size_t c = 0; c < 3; ++c) total[c] += rowSums[std::size_t(y)][c];
    const double n = double(y1 - y0) * double(x1 - x0);
    return (total[0] / n + total[1] / n + total[2] / n) / 3.0;
}

} // namespace ll
