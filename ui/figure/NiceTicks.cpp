#include "figure/NiceTicks.h"

#include <algorithm>
#include <cmath>

namespace ll::figure {

namespace {

double niceStep(double span, int target) {
    const double raw = span / std::max(1, target);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / mag;
    const double nice = f <= 1.0 ? 1.0 : f <= 2.0 ? 2.0 : f <= 2.5 ? 2.5 : f <= 5.0 ? 5.0 : 10.0;
    return nice * mag;
}

std::vector<double> positions(double lo, double hi, double step) {
    std::vector<double> v;
    const double first = std::ceil(lo / step - 1e-9) * step;
    for (int i = 0; i < 1000; ++i) {
        const double t = first + i * step;
        if (t > hi + step * 1e-9) break;
        v.push_back(std::fabs(t) < step * 1e-9 ? 0.0 : t);
    }
    return v;
}

} // namespace

Ticks niceTicks(double lo, double hi, int target) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0.0, hi = 1.0;
    if (lo > hi) std::swap(lo, hi);
    if (hi - lo < 1e-12 * std::max(1.0, std::fabs(hi))) {
        const double pad = std::fabs(hi) > 0 ? std::fabs(hi) * 0.1 : 1.0;
        lo -= pad;
        hi += pad;
    }
    Ticks t;
    t.step = niceStep(hi - lo, target);
    t.lo = std::floor(lo / t.step + 1e-9) * t.step;
    t.hi = std::ceil(hi / t.step - 1e-9) * t.step;
    t.values = positions(t.lo, t.hi, t.step);
    return t;
}

Ticks ticksInRange(double lo, double hi, int target) {
    if (!(hi > lo)) return niceTicks(lo, hi, target);
    Ticks t;
    t.lo = lo;
    t.hi = hi;
    t.step = niceStep(hi - lo, target);
    t.values = positions(lo, hi, t.step);
    return t;
}

} // namespace ll::figure
