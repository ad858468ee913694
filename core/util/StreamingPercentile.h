#pragma once
// Type-7 percentiles (util/Percentile.h) of float values that are produced twice instead of stored:
// the values of a large map computed row by row, say, without a copy of the whole map. A first pass
// counts the values in 65536 buckets by their order (the high 16 bits of an order-preserving key of
// the float), a second keeps only the values of the buckets that hold the wanted ranks, among which
// those ranks are selected exactly. The result is percentileInPlace over the same values. Memory: the
// buckets of each thread (512 KB) and the kept values (typically a few thousandths of them; all of
// them only when nearly every value lies in one bucket).
//
// block(i, out) appends the values of block i (i in [0, blocks)) to out; it must append the same
// values on both passes, none of them NaN. Blocks run in parallel (oneTBB); the result does not
// depend on the order.
#include "util/Percentile.h"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace ll {

namespace streaming_percentile_detail {

constexpr int kBucketBits = 16;
constexpr std::size_t kBuckets = std::size_t(1) << kBucketBits;

// Increasing in the float's value (-0 just below +0).
inline std::uint32_t orderKey(float v) {
    const std::uint32_t b = std::bit_cast<std::uint32_t>(v);
    return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}

inline std::size_t bucketOf(float v) { return std::size_t(orderKey(v) >> (32 - kBucketBits)); }

} // namespace streaming_percentile_detail

// The type-7 percentile of each p in ps (in [0, 100]) over every value the blocks give; NaN for each
// when there are none.
template <typename Block>
std::vector<double> percentilesOfBlocks(std::size_t blocks, Block block, const std::vector<double>& ps) {
    namespace d = streaming_percentile_detail;
    using Counts = std::vector<std::uint64_t>;
    tbb::enumerable_thread_specific<Counts> local([] { return Counts(d::kBuckets, 0); });
    tbb::enumerable_thread_specific<std::vector<float>> scratch;
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t i) {
        std::vector<float>& values = scratch.local();
        values.clear();
        block(i, values);
        Counts& counts = local.local();
        for (const float v : values) ++counts[d::bucketOf(v)];
    });
    Counts counts(d::kBuckets, 0);
    for (const Counts& c : local)
        for (std::size_t b = 0; b < d::kBuckets; ++b) counts[b] += c[b];
    std::vector<std::uint64_t> below(d::kBuckets + 1, 0); // values in buckets before b
    for (std::size_t b = 0; b < d::kBuckets; ++b) below[b + 1] = below[b] + counts[b];
    const std::uint64_t n = below[d::kBuckets];
    std::vector<double> out(ps.size(), std::numeric_limits<double>::quiet_NaN());
    if (n == 0) return out;

    // The ranks each percentile needs, and the buckets that hold them.
    auto bucketOfRank = [&](std::uint64_t r) {
        return std::size_t(std::upper_bound(below.begin() + 1, below.end(), r) - (below.begin() + 1));
    };
    std::vector<std::uint8_t> wanted(d::kBuckets, 0);
    std::vector<Type7Position> positions;
    for (const double p : ps) {
        const Type7Position t = type7Position(std::size_t(n), p);
        positions.push_back(t);
        wanted[bucketOfRank(t.lo)] = 1;
        if (t.fraction > 0.0 && t.lo + 1 < n) wanted[bucketOfRank(t.lo + 1)] = 1;
    }
    tbb::enumerable_thread_specific<std::map<std::size_t, std::vector<float>>> keptLocal;
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t i) {
        std::vector<float>& values = scratch.local();
        values.clear();
        block(i, values);
        auto& kept = keptLocal.local();
        for (const float v : values)
            if (const std::size_t b = d::bucketOf(v); wanted[b]) kept[b].push_back(v);
    });
    std::map<std::size_t, std::vector<float>> kept;
    for (auto& k : keptLocal)
        for (auto& [b, v] : k) kept[b].insert(kept[b].end(), v.begin(), v.end());
    auto valueOfRank = [&](std::uint64_t r) {
        const std::size_t b = bucketOfRank(r);
        std::vector<float>& v = kept[b];
        const auto at = v.begin() + std::ptrdiff_t(r - below[b]);
        std::nth_element(v.begin(), at, v.end());
        return double(*at);
    };
    for (std::size_t k = 0; k < ps.size(); ++k) {
        const Type7Position& t = positions[k];
        const double a = valueOfRank(t.lo);
        out[k] = (!(t.fraction > 0.0) || t.lo + 1 >= n) ? a : type7Interpolate(a, valueOfRank(t.lo + 1), t.fraction);
    }
    return out;
}

} // namespace ll
