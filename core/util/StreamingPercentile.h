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

// Several value sets at once, for blocks that produce the values of every set in one go:
// block(i, out) appends set k's values of block i to out[k] (out has one vector per set). Returns
// the percentiles ps[k] of each set k; NaN for each where a set has no values.
template <typename Block>
std::vector<std::vector<double>> percentilesOfBlockSets(std::size_t blocks, Block block,
                                                        const std::vector<std::vector<double>>& ps) {
    namespace d = streaming_percentile_detail;
    using Counts = std::vector<std::uint64_t>;
    using Values = std::vector<std::vector<float>>;
    const std::size_t sets = ps.size();
    tbb::enumerable_thread_specific<std::vector<Counts>> local([&] { return std::vector<Counts>(sets, Counts(d::kBuckets, 0)); });
    tbb::enumerable_thread_specific<Values> scratch([&] { return Values(sets); });
    auto produce = [&](std::size_t i) -> Values& {
        Values& values = scratch.local();
        for (auto& v : values) v.clear();
        block(i, values);
        return values;
    };
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t i) {
        const Values& values = produce(i);
        std::vector<Counts>& counts = local.local();
        for (std::size_t k = 0; k < sets; ++k)
            for (const float v : values[k]) ++counts[k][d::bucketOf(v)];
    });
    // Per set: values in buckets before b, the ranks wanted and their buckets.
    std::vector<std::vector<std::uint64_t>> below(sets, std::vector<std::uint64_t>(d::kBuckets + 1, 0));
    std::vector<std::vector<std::uint8_t>> wanted(sets, std::vector<std::uint8_t>(d::kBuckets, 0));
    std::vector<std::vector<Type7Position>> positions(sets);
    for (std::size_t k = 0; k < sets; ++k) {
        Counts counts(d::kBuckets, 0);
        for (const std::vector<Counts>& c : local)
            for (std::size_t b = 0; b < d::kBuckets; ++b) counts[b] += c[k][b];
        for (std::size_t b = 0; b < d::kBuckets; ++b) below[k][b + 1] = below[k][b] + counts[b];
    }
    auto bucketOfRank = [&](std::size_t k, std::uint64_t r) {
        const auto& bl = below[k];
        return std::size_t(std::upper_bound(bl.begin() + 1, bl.end(), r) - (bl.begin() + 1));
    };
    std::vector<std::vector<double>> out(sets);
    for (std::size_t k = 0; k < sets; ++k) {
        out[k].assign(ps[k].size(), std::numeric_limits<double>::quiet_NaN());
        const std::uint64_t n = below[k][d::kBuckets];
        if (n == 0) continue;
        for (const double p : ps[k]) {
            const Type7Position t = type7Position(std::size_t(n), p);
            positions[k].push_back(t);
            wanted[k][bucketOfRank(k, t.lo)] = 1;
            if (t.fraction > 0.0 && t.lo + 1 < n) wanted[k][bucketOfRank(k, t.lo + 1)] = 1;
        }
    }
    using Kept = std::vector<std::map<std::size_t, std::vector<float>>>;
    tbb::enumerable_thread_specific<Kept> keptLocal([&] { return Kept(sets); });
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t i) {
        const Values& values = produce(i);
        Kept& kept = keptLocal.local();
        for (std::size_t k = 0; k < sets; ++k) {
            if (positions[k].empty()) continue;
            for (const float v : values[k])
                if (const std::size_t b = d::bucketOf(v); wanted[k][b]) kept[k][b].push_back(v);
        }
    });
    Kept kept(sets);
    for (Kept& part : keptLocal)
        for (std::size_t k = 0; k < sets; ++k)
            for (auto& [b, v] : part[k]) kept[k][b].insert(kept[k][b].end(), v.begin(), v.end());
    for (std::size_t k = 0; k < sets; ++k) {
        const std::uint64_t n = below[k][d::kBuckets];
        auto valueOfRank = [&](std::uint64_t r) {
            const std::size_t b = bucketOfRank(k, r);
            std::vector<float>& v = kept[k][b];
            const auto at = v.begin() + std::ptrdiff_t(r - below[k][b]);
            std::nth_element(v.begin(), at, v.end());
            return double(*at);
        };
        for (std::size_t j = 0; j < positions[k].size(); ++j) {
            const Type7Position& t = positions[k][j];
            const double a = valueOfRank(t.lo);
            out[k][j] = (!(t.fraction > 0.0) || t.lo + 1 >= n) ? a : type7Interpolate(a, valueOfRank(t.lo + 1), t.fraction);
        }
    }
    return out;
}

// The type-7 percentile of each p in ps (in [0, 100]) over every value the blocks give; NaN for each
// when there are none.
template <typename Block>
std::vector<double> percentilesOfBlocks(std::size_t blocks, Block block, const std::vector<double>& ps) {
    return percentilesOfBlockSets(
        blocks, [&](std::size_t i, std::vector<std::vector<float>>& out) { block(i, out[0]); }, {ps})[0];
}

} // namespace ll
