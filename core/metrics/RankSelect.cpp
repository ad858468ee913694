#include "metrics/RankSelect.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace ll {
namespace {

constexpr std::size_t kBuckets = 2048;
constexpr std::size_t kSmall = 4096; // below this std::nth_element is as fast

std::pair<float, float> byNthElement(std::vector<float>& v, std::size_t r) {
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(r), v.end());
    const float a = v[r];
    const float b = r + 1 < v.size() ? *std::min_element(v.begin() + std::ptrdiff_t(r) + 1, v.end()) : a;
    return {a, b};
}

} // namespace

std::pair<float, float> selectRankPair(std::vector<float>& v, std::size_t r) {
    return selectRankPair(v, r, NAN, NAN);
}

std::pair<float, float> selectRankPair(std::vector<float>& v, std::size_t r, float lo, float hi) {
    const std::size_t n = v.size();
    if (n < kSmall) return byNthElement(v, r);
    float mn = lo, mx = hi;
    bool nan = false;
    if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi)) {
        mn = mx = v[0];
        for (float x : v) {
            mn = std::min(mn, x);
            mx = std::max(mx, x);
            nan |= x != x;
        }
    }
    const double range = double(mx) - double(mn);
    if (nan || !std::isfinite(range) || !(range > 0.0)) return range == 0.0 && !nan ? std::pair{mn, mn} : byNthElement(v, r);
    // bucket(x) = floor((x - mn) * scale), clamped: monotone non-decreasing in x (each step rounds
    // monotonically), so rank order is bucket order.
    const double scale = double(kBuckets) / range;
    auto bucketOf = [&](float x) {
        return std::min<std::size_t>(std::size_t((double(x) - double(mn)) * scale), kBuckets - 1);
    };
    std::array<std::uint32_t, kBuckets> counts{};
    for (float x : v) ++counts[bucketOf(x)];
    std::size_t before = 0, b = 0;
    while (before + counts[b] <= r) before += counts[b++];
    // The values of bucket b (holding rank r) and of the next non-empty bucket (rank r + 1 may be
    // its smallest value), moved to the front in that order.
    std::size_t next = b + 1;
    while (next < kBuckets && counts[next] == 0) ++next;
    std::size_t inB = 0, end = 0;
    float nextMin = INFINITY;
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t q = bucketOf(v[i]);
        if (q == b) std::swap(v[inB++], v[i]);
        else if (q == next) nextMin = std::min(nextMin, v[i]);
    }
    end = inB;
    const std::size_t k = r - before;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(k), v.begin() + std::ptrdiff_t(end));
    const float a = v[k];
    float second = a;
    if (r + 1 < n)
        second = k + 1 < end ? *std::min_element(v.begin() + std::ptrdiff_t(k) + 1, v.begin() + std::ptrdiff_t(end))
                             : nextMin;
    return {a, second};
}

} // namespace ll
