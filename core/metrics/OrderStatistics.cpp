#include "metrics/OrderStatistics.h"
#include "util/Percentile.h"

#include "metrics/RankSelect.h"
#include "metrics/SampleSelect.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll {

namespace {

// Below this size std::nth_element on one thread is as fast as the parallel selection.
constexpr std::size_t kSelectMinimum = 1u << 16;

// Values of ranks k and k+1 (k+1 clamped to the last rank). Small inputs: RankSelect in place. Large
// inputs: SampleSelect (in parallel, without reordering).
std::pair<double, double> ranksKAndNext(std::vector<float>& v, std::size_t k) {
    const auto [a, b] = v.size() >= kSelectMinimum ? selectPair(SelectSource{v.data(), v.size(), false, 0.0}, k)
                                                   : selectRankPair(v, k);
    return {a, b};
}

} // namespace

float selectRank(std::vector<float>& v, std::size_t k) { return float(ranksKAndNext(v, k).first); }

double percentileOf(std::vector<float>& v, double p) {
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    const Type7Position t = type7Position(v.size(), p); // util/Percentile.h
    const auto [a, b] = ranksKAndNext(v, t.lo);
    return type7Interpolate(a, b, t.fraction);
}

double medianOf(std::vector<float>& v) {
    if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
    const std::size_t n = v.size();
    if (n % 2 == 1) return selectRank(v, n / 2);
    const auto [a, b] = ranksKAndNext(v, n / 2 - 1);
    return 0.5 * (a + b);
}

MedianMad medianAndMad(std::vector<float>& v) {
    MedianMad r;
    r.count = v.size();
    if (v.empty()) {
        r.median = r.mad = std::numeric_limits<double>::quiet_NaN();
        return r;
    }
    r.median = medianOf(v);
    const std::size_t n = v.size();
    if (n >= kSelectMinimum) { // select among the deviations without storing them
        const SelectSource dev{v.data(), n, true, r.median};
        const auto [a, b] = selectPair(dev, n % 2 ? n / 2 : n / 2 - 1);
        r.mad = n % 2 ? double(a) : 0.5 * (double(a) + double(b));
        return r;
    }
    for (float& x : v) x = float(std::abs(double(x) - r.median));
    r.mad = medianOf(v);
    return r;
}

} // namespace ll
