#include "stats/Percentile.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll::stats {

double percentile(std::vector<double> values, double q) {
    std::erase_if(values, [](double v) { return !std::isfinite(v); });
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const double pos = std::clamp(q, 0.0, 1.0) * double(values.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, values.size() - 1);
    const double f = pos - double(lo);
    return values[lo] + f * (values[hi] - values[lo]);
}

Interval percentileInterval(std::span<const double> values, double level) {
    std::vector<double> v(values.begin(), values.end());
    return {percentile(v, (1 - level) / 2), percentile(v, (1 + level) / 2)};
}

} // namespace ll::stats
