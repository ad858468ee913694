#pragma once
// The values of ranks r and r + 1 (0-based, ascending; r + 1 clamped to the last rank) of a set of
// floats, by bucketing: one pass finds the range, one counts values per bucket of a
// monotone map from value to bucket, then only the bucket holding rank r is ordered (nth_element). For
// the tens of thousands of values a bracketed selection collects this is several times faster than
// std::nth_element on all of them, and the answer is the same (an order statistic). Reorders v.
#include <cstddef>
#include <utility>
#include <vector>

namespace ll {

// v must be non-empty, r < v.size(). With a NaN among the values it is std::nth_element alone (whose
// order NaN upsets, as for any comparison sort).
std::pair<float, float> selectRankPair(std::vector<float>& v, std::size_t r);

// The same when every value is known to lie in [lo, hi] (both finite, lo < hi; e.g. a bracket the
// values were collected from, which also rules out NaN): the range pass is skipped, the buckets span
// [lo, hi]. Any other lo, hi: as above.
std::pair<float, float> selectRankPair(std::vector<float>& v, std::size_t r, float lo, float hi);

} // namespace ll
