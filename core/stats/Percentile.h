#pragma once
// Percentiles of a sample (linear interpolation between order statistics, "type 7", the default of
// numpy and R) and the percentile bootstrap interval built from them.
#include <span>
#include <vector>

namespace ll::stats {

struct Interval {
    double lo = 0, hi = 0;
};

// q in [0, 1]; non-finite values are ignored; NaN when no finite value is left.
double percentile(std::vector<double> values, double q);

// [percentile((1-level)/2), percentile((1+level)/2)].
Interval percentileInterval(std::span<const double> values, double level = 0.95);

} // namespace ll::stats
