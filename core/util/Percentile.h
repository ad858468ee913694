#pragma once
// The one definition of a percentile in LightLens: "type 7" of Hyndman and Fan (1996), the default of
// numpy, R and matplotlib. For n values in ascending order v[0..n-1] and p in [0, 100] (clamped), the
// position is pos = p/100 (n - 1); with lo = floor(pos) and f = pos - lo the percentile is
// v[lo] + f (v[lo+1] - v[lo]) (just v[lo] when f = 0). Computed in double whatever the value type.
//
// Every percentile of the code goes through type7Position / type7Interpolate: the engine's exact
// parallel selection (metrics/BracketSelect) finds the two order statistics its own
// way; everything else uses percentileInPlace (selection, O(n)) or percentileOfSorted.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace ll {

struct Type7Position {
    std::size_t lo = 0;   // rank of the lower order statistic (0-based)
    double fraction = 0;  // weight of rank lo + 1
};

// n > 0.
inline Type7Position type7Position(std::size_t n, double p) {
    const double pos = std::clamp(p, 0.0, 100.0) / 100.0 * double(n - 1);
    const double lo = std::floor(pos);
    return {std::size_t(lo), pos - lo};
}

// The percentile from the order statistics of ranks lo and lo + 1 (b is ignored when fraction is 0).
inline double type7Interpolate(double a, double b, double fraction) { return fraction > 0.0 ? a + (b - a) * fraction : a; }

// Type-7 percentile p in [0, 100] of v by selection; NaN for an empty vector. Reorders v. Values must
// not be NaN (std::nth_element needs an order).
template <typename T>
double percentileInPlace(std::vector<T>& v, double p) {
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    const Type7Position t = type7Position(v.size(), p);
    const auto lo = v.begin() + std::ptrdiff_t(t.lo);
    std::nth_element(v.begin(), lo, v.end());
    const double a = double(*lo);
    if (!(t.fraction > 0.0) || t.lo + 1 >= v.size()) return a;
    return type7Interpolate(a, double(*std::min_element(lo + 1, v.end())), t.fraction);
}

// The same over values already sorted ascending; NaN for an empty vector.
template <typename T>
double percentileOfSorted(const std::vector<T>& sorted, double p) {
    if (sorted.empty()) return std::numeric_limits<double>::quiet_NaN();
    const Type7Position t = type7Position(sorted.size(), p);
    const double a = double(sorted[t.lo]);
    if (!(t.fraction > 0.0) || t.lo + 1 >= sorted.size()) return a;
    return type7Interpolate(a, double(sorted[t.lo + 1]), t.fraction);
}

} // namespace ll
