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

Ticks ticksInRange(double lo, double hi, int target, bool integer) {
    if (!(hi > lo)) return niceTicks(lo, hi, target);
    Ticks t;
    t.lo = lo;
    t.hi = hi;
    t.step = niceStep(hi - lo, target);
    if (integer) t.step = t.step < 1.0 ? 1.0 : t.step == 2.5 ? 2.0 : t.step;
    t.values = positions(lo, hi, t.step);
    return t;
}

Ticks logTicks(double lo, double hi) {
    if (!(std::isfinite(lo) && lo > 0)) lo = 1.0;
    if (!(std::isfinite(hi) && hi > 0)) hi = lo * 10.0;
    if (lo > hi) std::swap(lo, hi);
    int e0 = int(std::floor(std::log10(lo) + 1e-9));
    int e1 = int(std::ceil(std::log10(hi) - 1e-9));
    if (e1 <= e0) e1 = e0 + 1;
    Ticks t;
    t.log = true;
    t.lo = std::pow(10.0, e0);
    t.hi = std::pow(10.0, e1);
    t.step = t.lo;
    const bool fine = e1 - e0 <= 2;
    for (int e = e0; e <= e1; ++e) {
        const double d = std::pow(10.0, e);
        t.values.push_back(d);
        if (fine && e < e1) {
            t.values.push_back(2.0 * d);
            t.values.push_back(5.0 * d);
        }
        // Minor ticks show where the decade's multiples are (as matplotlib's LogLocator subs): cheap
        // help to read values between the labels.
        if (e < e1)
            for (int m = 2; m <= 9; ++m)
                if (!(fine && (m == 2 || m == 5))) t.minor.push_back(m * d);
    }
    return t;
}

} // namespace ll::figure
