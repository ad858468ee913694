#include "edit/MaskedStats.h"
#include "util/Percentile.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::edit {

std::optional<double> maskedMean(const FloatPlane& p, const Mask* mask) {
    struct Acc {
        double sum = 0;
        std::size_t n = 0;
    };
    const Acc acc = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, p.size(), 1 << 16), Acc{},
        [&](const auto& r, Acc a) {
            for (std::size_t i = r.begin(); i < r.end(); ++i)
                if (!mask || (*mask)[i]) {
                    a.sum += p[i];
                    ++a.n;
                }
            return a;
        },
        [](Acc a, const Acc& b) {
            a.sum += b.sum;
            a.n += b.n;
            return a;
        });
    if (acc.n == 0) return std::nullopt;
    return acc.sum / double(acc.n);
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
