#pragma once
// Exact selection of order statistics of large float arrays in O(n) with two parallel counting passes
// (a radix select on the 32-bit order-preserving key of each float: histogram of the high 16 bits
// finds the bucket holding the wanted rank, a histogram of the low 16 bits within that bucket finds
// the exact value). Counting is exact integer arithmetic, so the result does not depend on how the
// work is split between threads. Used by OrderStatistics for large inputs.
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
std::pair<float, float> radixSelectPair(const SelectSource& src, std::size_t k);

} // namespace ll
