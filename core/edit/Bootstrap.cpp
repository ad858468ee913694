#include "edit/Bootstrap.h"
#include "util/Percentile.h"

#include "util/SplitMix64.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll::edit {

MeanInterval bootstrapMean(const std::vector<double>& v, int draws, std::uint64_t seed, double level) {
    MeanInterval r;
    r.n = v.size();
    if (v.empty()) return r;
    double s = 0;
    for (double x : v) s += x;
    r.mean = s / double(v.size());
    if (v.size() < 2 || draws < 2) return r;
    std::vector<double> means(static_cast<std::size_t>(draws));
    constexpr int kChunk = 256;
    const int chunks = (draws + kChunk - 1) / kChunk;
    const std::uint64_t n = v.size();
    tbb::parallel_for(0, chunks, [&](int c) {
        std::uint64_t state = seed ^ (0xD1B54A32D192ED03ull * std::uint64_t(c + 1));
        splitMix64Next(state);
        for (int d = c * kChunk; d < std::min(draws, (c + 1) * kChunk); ++d) {
            double sum = 0;
            for (std::uint64_t i = 0; i < n; ++i) {
                // Lemire's multiply-shift maps 64 random bits to [0, n) without a modulo bias worth noting.
                const std::uint64_t k = std::uint64_t((__uint128_t(splitMix64Next(state)) * n) >> 64);
                sum += v[k];
            }
            means[std::size_t(d)] = sum / double(n);
        }
    });
    std::sort(means.begin(), means.end());
    auto q = [&](double p) { return percentileOfSorted(means, 100.0 * p); }; // util/Percentile.h
    r.lo = q((1 - level) / 2);
    r.hi = q(1 - (1 - level) / 2);
    return r;
}

} // namespace ll::edit
