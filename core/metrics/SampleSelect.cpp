#include "metrics/RadixSelect.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace ll {
namespace {

constexpr std::size_t kBins = 1u << 16;
constexpr std::size_t kBlock = 1u << 17; // elements per counting task

inline std::uint32_t keyOf(float f) {
    std::uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

inline float floatOf(std::uint32_t key) {
    const std::uint32_t u = (key & 0x80000000u) ? (key & 0x7FFFFFFFu) : ~key;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

inline float valueAt(const SelectSource& s, std::size_t i) {
    return s.absDeviation ? float(std::abs(double(s.values[i]) - s.centre)) : s.values[i];
}

// Histogram of (key >> 16) over all elements, or of (key & 0xFFFF) over elements whose high half is
// `high` (when filter is set). Blocks count separately and are summed: exact for any split.
std::vector<std::uint64_t> histogram(const SelectSource& s, bool filter, std::uint32_t high) {
    const std::size_t blocks = (s.count + kBlock - 1) / kBlock;
    std::vector<std::vector<std::uint32_t>> partial(blocks);
    tbb::parallel_for(std::size_t(0), blocks, [&](std::size_t b) {
        std::vector<std::uint32_t>& h = partial[b];
        h.assign(kBins, 0);
        const std::size_t i1 = std::min(s.count, (b + 1) * kBlock);
        for (std::size_t i = b * kBlock; i < i1; ++i) {
            const std::uint32_t key = keyOf(valueAt(s, i));
            if (!filter)
                ++h[key >> 16];
            else if ((key >> 16) == high)
                ++h[key & 0xFFFFu];
        }
    });
    std::vector<std::uint64_t> total(kBins, 0);
    for (const auto& h : partial)
        for (std::size_t i = 0; i < kBins; ++i) total[i] += h[i];
    return total;
}

// The bin holding rank k of a histogram, and the rank of k within that bin.
std::pair<std::uint32_t, std::uint64_t> binOfRank(const std::vector<std::uint64_t>& h, std::uint64_t k) {
    std::uint64_t before = 0;
    for (std::uint32_t b = 0; b < kBins; ++b) {
        if (k < before + h[b]) return {b, k - before};
        before += h[b];
    }
    return {kBins - 1, 0}; // unreachable for k < count
}

float selectRankWith(const SelectSource& s, const std::vector<std::uint64_t>& high, std::uint64_t k) {
    const auto [hb, r] = binOfRank(high, k);
    const std::vector<std::uint64_t> low = histogram(s, true, hb);
    const auto [lb, unused] = binOfRank(low, r);
    (void)unused;
    return floatOf((hb << 16) | lb);
}

} // namespace

std::pair<float, float> radixSelectPair(const SelectSource& s, std::size_t k) {
    const std::size_t k2 = std::min(k + 1, s.count - 1);
    const std::vector<std::uint64_t> high = histogram(s, false, 0);
    const auto [hb, r] = binOfRank(high, k);
    const std::vector<std::uint64_t> low = histogram(s, true, hb);
    const auto [lb, r2] = binOfRank(low, r);
    const float a = floatOf((hb << 16) | lb);
    if (k2 == k) return {a, a};
    // Rank k+1: in the same low bin when it holds more copies, else the next non-empty low bin of the
    // same high bin, else the first value of the next non-empty high bin.
    if (r2 + 1 < low[lb]) return {a, a};
    for (std::uint32_t b = lb + 1; b < kBins; ++b)
        if (low[b]) return {a, floatOf((hb << 16) | b)};
    return {a, selectRankWith(s, high, k2)};
}

} // namespace ll
