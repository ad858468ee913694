#pragma once
// Exact order statistics by selection (O(n), no sorting): median (mean of the two central values for
// an even count), median absolute deviation, and percentiles with linear interpolation between order
// statistics (numpy's default, "type 7"). The input vector is used as scratch and may be reordered.
// Small inputs use std::nth_element; large ones (>= 65536 values) a parallel sample-bracketed selection
// (SampleSelect.h). Both are exact.
#include <cstddef>
#include <vector>

namespace ll {

// The value of rank `k` (0-based) of v. Precondition: k < v.size(). Reorders v.
float selectRank(std::vector<float>& v, std::size_t k);

// Type-7 percentile p in [0, 100]; NaN for an empty vector. Reorders v.
double percentileOf(std::vector<float>& v, double p);

// Median; NaN for an empty vector. Reorders v.
double medianOf(std::vector<float>& v);

struct MedianMad {
    double median = 0.0;
    double mad = 0.0; // median of |x - median| (no 1.4826 factor)
    std::size_t count = 0;
};

// Median and MAD of v (NaN for an empty vector). Deviations are computed in double and selected as
// floats. May overwrite v (with the deviations).
MedianMad medianAndMad(std::vector<float>& v);

} // namespace ll
