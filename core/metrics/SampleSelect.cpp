#include "metrics/SampleSelect.h"

#include "metrics/RankSelect.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ll {
namespace {

constexpr std::size_t kSample = 8192;     // sample size for the bracket
constexpr std::size_t kMargin = 256;      // sample ranks on each side of the target (about 5.6 sigma)
constexpr std::size_t kBlock = 1u << 16;  // elements per task of the counting pass

inline float valueAt(const SelectSource& s, std::size_t i) {
    return s.absDeviation ? float(std::abs(double(s.values[i]) - s.centre)) : s.values[i];
}

// Exact ranks k and k+1 of everything, by a full copy and nth_element (the fallback).
std::pair<float, float> fullSelect(const SelectSource& s, std::size_t k, std::size_t k2) {
    std::vector<float> v(s.count);
    for (std::size_t i = 0; i < s.count; ++i) v[i] = valueAt(s, i);
    const auto [a, b] = selectRankPair(v, k);
    return {a, k2 == k ? a : b};
}

} // namespace

std::pair<float, float> selectPair(const SelectSource& s, std::size_t k) {
    const std::size_t n = s.count;
    const std::size_t k2 = std::min(k + 1, n - 1);
    if (n < 4 * kSample) return fullSelect(s, k, k2);

    // 1. A deterministic strided sample, sorted; the bracket [lo, hi] around the target's position.
    std::vector<float> sample(kSample);
    const double stride = double(n) / double(kSample);
    for (std::size_t j = 0; j < kSample; ++j) sample[j] = valueAt(s, std::size_t(double(j) * stride));
    std::sort(sample.begin(), sample.end());
    const double q = double(k) / double(n) * double(kSample);
    const std::size_t qa = std::size_t(std::max(0.0, q - double(kMargin)));
    const std::size_t qb = std::min(kSample - 1, std::size_t(q + double(kMargin)) + 1);
    const float lo = qa == 0 ? -INFINITY : sample[qa];
    const float hi = qb == kSample - 1 ? INFINITY : sample[qb];

    // 2. One pass: count the values below lo and collect those in [lo, hi] (per block, in order).
    const std::size_t blocks = (n + kBlock - 1) / kBlock;
    std::vector<std::size_t> below(blocks, 0);
    std::vector<std::vector<float>> inside(blocks);
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t b) {
        std::size_t cnt = 0;
        std::vector<float>& in = inside[b];
        const std::size_t i1 = std::min(n, (b + 1) * kBlock);
        for (std::size_t i = b * kBlock; i < i1; ++i) {
            const float v = valueAt(s, i);
            if (v < lo)
                ++cnt;
            else if (v <= hi)
                in.push_back(v);
        }
        below[b] = cnt;
    });
    std::size_t nBelow = 0, nInside = 0;
    for (std::size_t b = 0; b < blocks; ++b) {
        nBelow += below[b];
        nInside += inside[b].size();
    }
    // 3. Both ranks inside the bracket: select among the collected values; else (rare) the fallback.
    if (nBelow > k || k2 >= nBelow + nInside) return fullSelect(s, k, k2);
    std::vector<float> v;
    v.reserve(nInside);
    for (const auto& in : inside) v.insert(v.end(), in.begin(), in.end());
    const std::size_t r = k - nBelow;
    const auto [a, b] = selectRankPair(v, r);
    return {a, k2 == k ? a : b};
}

} // namespace ll
