#include "metrics/Ssim.h"

#include "metrics/GaussianKernel.h"
#include "metrics/MirrorIndex.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <vector>

namespace ll {

std::optional<double> ssim(const Image& a, const Image& b, const SsimParams& p, SsimScratch* scratch) {
    SsimScratch own;
    SsimScratch& sc = scratch ? *scratch : own;
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
    // Source column of each extended column x + t, x in [0, W), t in [-r, r] (mirror boundary).
    std::vector<int> column(std::size_t(W) + 2 * std::size_t(r));
    for (int x = -r; x < W + r; ++x) column[std::size_t(x + r)] = mirrorIndex(x, W);
    constexpr int kChunk = 64;
    const int chunks = (y1 - y0 + kChunk - 1) / kChunk;
    tbb::parallel_for(0, chunks, [&](int chunk) {
        const int ya = y0 + chunk * kChunk, yb = std::min(y1, ya + kChunk);
        const int rows = (yb - ya) + 2 * r;
        // Horizontally filtered x, y, xx, yy, xy for rows ya-r .. yb+r-1 (mirror indexed), one channel.
        SsimScratch::Buffers& buf = sc.perThread.local();
        std::vector<double>& hf = buf.filtered;
        std::vector<double>& ua = buf.rowA; // one mirrored row of each image
        std::vector<double>& ub = buf.rowB;
        std::vector<double>& uu = buf.rowAA;
        std::vector<double>& vv = buf.rowBB;
        std::vector<double>& uv = buf.rowAB;
        std::vector<double>& m = buf.vertical;
        std::vector<double>& ssimRow = buf.map;
        hf.resize(std::size_t(rows) * 5 * W);
        ua.resize(column.size());
        ub.resize(column.size());
        uu.resize(column.size());
        vv.resize(column.size());
        uv.resize(column.size());
        m.resize(5 * std::size_t(x1 - x0));
        ssimRow.resize(std::size_t(x1 - x0));
        for (int c = 0; c < 3; ++c) {
            for (int j = 0; j < rows; ++j) {
                const int sy = mirrorIndex(ya - r + j, H);
                const float* pa = a.pixel(0, sy) + c;
                const float* pb = b.pixel(0, sy) + c;
                for (std::size_t e = 0; e < column.size(); ++e) {
                    ua[e] = pa[3 * std::size_t(column[e])];
                    ub[e] = pb[3 * std::size_t(column[e])];
                }
                // The five products once per source column, then the symmetric kernel tap pairs
                // (w[t] = w[taps-1-t]) over whole rows (vectorisable).
                for (std::size_t e = 0; e < column.size(); ++e) {
                    uu[e] = ua[e] * ua[e];
                    vv[e] = ub[e] * ub[e];
                    uv[e] = ua[e] * ub[e];
                }
                double* o = hf.data() + std::size_t(j) * 5 * W;
                const double* src[5] = {ua.data(), ub.data(), uu.data(), vv.data(), uv.data()};
                for (int q = 0; q < 5; ++q) {
                    double* oq = o + std::size_t(q) * W;
                    const double* sq = src[q]; // sq[x + t]: column x + t - r
                    const double wc = w[std::size_t(r)];
                    for (int x = 0; x < W; ++x) oq[x] = wc * sq[x + r];
                    for (int t = 0; t < r; ++t) {
                        const double wt = w[std::size_t(t)];
                        const double* lo = sq + t;
                        const double* hi = sq + (taps - 1 - t);
                        for (int x = 0; x < W; ++x) oq[x] += wt * (lo[x] + hi[x]);
                    }
                }
            }
            for (int y = ya; y < yb; ++y) {
                const int j0 = y - ya; // rows j0 .. j0+2r of hf
                const int n = x1 - x0;
                for (int q = 0; q < 5; ++q) {
                    double* mq = m.data() + std::size_t(q) * std::size_t(n);
                    auto rowOf = [&](int t) { return hf.data() + std::size_t(j0 + t) * 5 * W + std::size_t(q) * W + x0; };
                    const double wc = w[std::size_t(r)];
                    const double* rc = rowOf(r);
                    for (int x = 0; x < n; ++x) mq[x] = wc * rc[x];
                    for (int t = 0; t < r; ++t) {
                        const double wt = w[std::size_t(t)];
                        const double* lo = rowOf(t);
                        const double* hi = rowOf(taps - 1 - t);
                        for (int x = 0; x < n; ++x) mq[x] += wt * (lo[x] + hi[x]);
                    }
                }
                const double* mx = m.data();
                const double* my = mx + n;
                const double* mxx = my + n;
                const double* myy = mxx + n;
                const double* mxy = myy + n;
                for (int x = 0; x < n; ++x) {
                    const double ux = mx[x], uy = my[x];
                    const double vx = mxx[x] - ux * ux, vy = myy[x] - uy * uy, vxy = mxy[x] - ux * uy;
                    ssimRow[std::size_t(x)] =
                        ((2 * ux * uy + C1) * (2 * vxy + C2)) / ((ux * ux + uy * uy + C1) * (vx + vy + C2));
                }
                double sum = 0.0;
                for (int x = 0; x < n; ++x) sum += ssimRow[std::size_t(x)];
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
