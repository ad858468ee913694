#include "edit/MaskedStats.h"
#include "util/Percentile.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::edit {

std::optional<double> maskedMean(const FloatPlane& p, const Mask* mask) {
    // Fixed blocks summed in parallel, then the block sums in block order: the same bits for any
    // thread count and on every run (a parallel_reduce joins partial sums in a varying order).
    constexpr std::size_t kBlock = std::size_t(1) << 16;
    const std::size_t blocks = (p.size() + kBlock - 1) / kBlock;
    std::vector<double> sums(blocks, 0.0);
    std::vector<std::size_t> counts(blocks, 0);
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t b) {
        double sum = 0.0;
        std::size_t n = 0;
        for (std::size_t i = b * kBlock, e = std::min(p.size(), i + kBlock); i < e; ++i)
            if (!mask || (*mask)[i]) {
                sum += p[i];
                ++n;
            }
        sums[b] = sum;
        counts[b] = n;
    });
    double sum = 0.0;
    std::size_t n = 0;
    for (std::size_t b = 0; b < blocks; ++b) {
        sum += sums[b];
        n += counts[b];
    }
    if (n == 0) return std::nullopt;
    return sum / double(n);
}

MaskedCorrelation maskedPearson(const FloatPlane& x, const FloatPlane& y, const Mask* mask) {
    MaskedCorrelation out;
    double sx = 0, sy = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!mask || (*mask)[i]) {
            sx += x[i];
            sy += y[i];
            ++out.count;
        }
    if (out.count == 0) return out;
    const double mx = sx / out.count, my = sy / out.count;
    double vxx = 0, vyy = 0, vxy = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!mask || (*mask)[i]) {
            const double dx = x[i] - mx, dy = y[i] - my;
            vxx += dx * dx;
            vyy += dy * dy;
            vxy += dx * dy;
        }
    out.varX = vxx / out.count;
    out.varY = vyy / out.count;
    // Relative tolerance: a field constant up to float rounding has no variance.
    const double tiny = 1e-12 * std::max({1.0, mx * mx, my * my});
    if (out.varX <= tiny || out.varY <= tiny) return out;
    out.r = std::clamp(vxy / std::sqrt(vxx * vyy), -1.0, 1.0);
    return out;
}

std::optional<double> maskedQuantile(const FloatPlane& p, const Mask* mask, double q) {
    std::vector<float> v;
    v.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!mask || (*mask)[i]) v.push_back(p[i]);
    if (v.empty()) return std::nullopt;
    return percentileInPlace(v, 100.0 * q); // util/Percentile.h
}

} // namespace ll::edit
