#pragma once
// Exact selection of order statistics of large float arrays in one parallel pass (sample-bracketed
// selection, in the manner of Floyd and Rivest): a deterministic strided sample of 8192 values is
// sorted and gives a bracket [lo, hi] that holds the wanted ranks with overwhelming probability; one
// pass counts the values below lo and collects those inside; nth_element on the few collected values
// gives the exact answer. When the bracket misses (the check is exact) a full nth_element is used.
// The answer is an order statistic of the data, so it does not depend on the thread count.
// Used by OrderStatistics for large inputs.
#include <cstddef>
#include <utility>

namespace ll {

// What is selected from: the values themselves, or float(|double(v) - centre|).
struct SelectSource {
    const float* values = nullptr;
    std::size_t count = 0;
    bool absDeviation = false;
    double centre = 0.0;
};

// The values of ranks k and k+1 (0-based; k+1 clamped to the last rank). Precondition: k < count,
// values finite (NaN has no rank).
std::pair<float, float> selectPair(const SelectSource& src, std::size_t k);

} // namespace ll
