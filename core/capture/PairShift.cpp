#include "capture/PairShift.h"

#include "edit/GaussianBlur.h"
#include "edit/Luminance.h"

#include <algorithm>
#include <cmath>

namespace ll::capture {

double PairShift::magnitude() const { return std::hypot(dx, dy); }

PairShift measurePairShift(const Image& on, const Image& off, double clipCap, int maxWindow) {
    const int w = std::min(on.width(), maxWindow), h = std::min(on.height(), maxWindow);
    const int x0 = (on.width() - w) / 2, y0 = (on.height() - h) / 2;
    FloatPlane lOn(w, h), lOff(w, h);
    Mask usable(w, h, 1);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const float* a = on.pixel(x0 + x, y0 + y);
            const float* b = off.pixel(x0 + x, y0 + y);
            float ya = 0, yb = 0;
            for (int c = 0; c < 3; ++c) {
                ya += edit::kRec709Weights[c] * std::min(a[c], float(clipCap));
                yb += edit::kRec709Weights[c] * std::min(b[c], float(clipCap));
            }
            const bool ok = std::isfinite(ya) && std::isfinite(yb) && ya > 0 && yb > 0;
            lOn(x, y) = ok ? ya : 0.0f;
            lOff(x, y) = ok ? yb : 0.0f;
            usable(x, y) = ok;
        }
    PairShift r;
    // Static background by blocks: the lamp's light is smooth, and the ratio of block sums barely
    // changes when the view moves by a pixel or two, whereas a per-pixel ratio would call every edge lit.
    const int block = std::max(16, std::min(w, h) / 16);
    const int bw = (w + block - 1) / block, bh = (h + block - 1) / block;
    std::vector<double> sumOn(std::size_t(bw) * bh, 0), sumOff(std::size_t(bw) * bh, 0);
    std::vector<int> count(std::size_t(bw) * bh, 0);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!usable(x, y)) continue;
            const std::size_t b = std::size_t(y / block) * bw + x / block;
            sumOn[b] += lOn(x, y);
            sumOff[b] += lOff(x, y);
            ++count[b];
        }
    std::vector<double> ratios;
    std::vector<double> ratio(sumOn.size(), 0);
    for (std::size_t b = 0; b < ratio.size(); ++b)
        if (count[b] * 4 >= block * block && sumOff[b] > 0) {
            ratio[b] = sumOn[b] / sumOff[b];
            ratios.push_back(ratio[b]);
        }
    if (ratios.empty()) return r;
    // The lamp only adds light: the lowest ratios are the background it does not reach.
    auto p10 = ratios.begin() + std::ptrdiff_t(ratios.size() / 10);
    std::nth_element(ratios.begin(), p10, ratios.end());
    const double floorRatio = *p10;
    std::vector<double> grid(ratio.size(), 0);
    std::size_t staticBlocks = 0;
    for (std::size_t b = 0; b < ratio.size(); ++b)
        if (ratio[b] > 0 && ratio[b] <= 1.3 * floorRatio) {
            grid[b] = 1;
            ++staticBlocks;
        }
    if (staticBlocks * 10 < ratios.size()) // too little background: use every block
        for (std::size_t b = 0; b < ratio.size(); ++b) grid[b] = ratio[b] > 0;
    // A smooth weight (binomial filter on the block grid, interpolated to pixels): a hard region
    // edge common to both signals would pull the correlation peak towards zero shift.
    std::vector<double> smooth(grid.size(), 0);
    for (int by = 0; by < bh; ++by)
        for (int bx = 0; bx < bw; ++bx) {
            double s = 0, n = 0;
            for (int j = -1; j <= 1; ++j)
                for (int i = -1; i <= 1; ++i) {
                    const int xx = bx + i, yy = by + j;
                    if (xx < 0 || yy < 0 || xx >= bw || yy >= bh) continue;
                    const double k = (i == 0 ? 2 : 1) * (j == 0 ? 2 : 1);
                    s += k * grid[std::size_t(yy) * bw + xx];
                    n += k;
                }
            smooth[std::size_t(by) * bw + bx] = grid[std::size_t(by) * bw + bx] * s / n;
        }
    FloatPlane weight(w, h, 0.0f);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!usable(x, y)) continue;
            const double gx = std::clamp((x + 0.5) / block - 0.5, 0.0, bw - 1.0);
            const double gy = std::clamp((y + 0.5) / block - 0.5, 0.0, bh - 1.0);
            const int ix = std::min(int(gx), bw - 1), iy = std::min(int(gy), bh - 1);
            const int jx = std::min(ix + 1, bw - 1), jy = std::min(iy + 1, bh - 1);
            const double fx = gx - ix, fy = gy - iy;
            auto g = [&](int a, int b) { return smooth[std::size_t(b) * bw + a]; };
            weight(x, y) = float((1 - fy) * ((1 - fx) * g(ix, iy) + fx * g(jx, iy)) + fy * ((1 - fx) * g(ix, jy) + fx * g(jx, jy)));
        }
    // Band-passed signals: the local mean (Gaussian, 3 px) removed, so neither the lamp's smooth
    // light nor the weight's shape, common to both images, makes a correlation peak at zero shift.
    // The local mean is a normalised convolution over usable pixels (non-finite or non-positive ones
    // are left out), and the weight falls smoothly to zero near them.
    FloatPlane u(w, h, 0.0f);
    for (std::size_t i = 0; i < u.size(); ++i) {
        u[i] = usable[i] ? 1.0f : 0.0f;
        lOn[i] = float(lOn[i] / floorRatio) * u[i];
        lOff[i] *= u[i];
    }
    const FloatPlane bu = edit::gaussianBlur(u, 3.0), mOn = edit::gaussianBlur(lOn, 3.0),
                     mOff = edit::gaussianBlur(lOff, 3.0);
    double sw = 0;
    for (std::size_t i = 0; i < weight.size(); ++i) {
        const float near = std::clamp(1.0f - 3.0f * (1.0f - bu[i]), 0.0f, 1.0f); // 0 within ~3 px of a hole
        const float wt = weight[i] * near * u[i];
        const float local = bu[i] > 0.05f ? 1.0f / bu[i] : 0.0f;
        lOn[i] = (lOn[i] - mOn[i] * local) * wt;
        lOff[i] = (lOff[i] - mOff[i] * local) * wt;
        sw += wt;
    }
    if (!(sw > 0)) return r;
    r.staticFraction = sw / (double(w) * h);
    const edit::ShiftEstimate e = edit::phaseCorrelate(lOn, lOff);
    r.dx = e.dx;
    r.dy = e.dy;
    r.peak = e.peak;
    return r;
}

} // namespace ll::capture
