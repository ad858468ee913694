#include "stats/Percentile.h"
#include "util/Percentile.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll::stats {

double percentile(std::vector<double> values, double q) {
    std::erase_if(values, [](double v) { return !std::isfinite(v); });
    return percentileInPlace(values, 100.0 * q); // util/Percentile.h
}

Interval percentileInterval(std::span<const double> values, double level) {
    std::vector<double> v(values.begin(), values.end());
    return {percentile(v, (1 - level) / 2), percentile(v, (1 + level) / 2)};
}

} // namespace ll::stats
