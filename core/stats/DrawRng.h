#pragma once
// Counter-based seeding: every bootstrap draw (or random split) gets its own generator seeded from
// (seed, stream, index) through the SplitMix64 finaliser, so results do not depend on which thread
// runs which draw or in what order.
#include "util/SplitMix64.h"

#include <cstdint>
#include <random>

namespace ll::stats {

using ll::splitMix64;

// Independent streams for independent purposes (bootstrap draws, split halves, ...).
enum class RngStream : std::uint64_t { Bootstrap = 1, SplitHalf = 2, Simulation = 3, Presentation = 4 };

inline std::mt19937_64 drawRng(std::uint64_t seed, RngStream stream, std::uint64_t index) {
    const std::uint64_t s = splitMix64(splitMix64(splitMix64(seed) ^ static_cast<std::uint64_t>(stream)) ^ index);
    return std::mt19937_64(s);
}

// Uniform integer in [0, n) without the implementation-defined std::uniform_int_distribution,
// so draws are identical across standard libraries (Lemire's multiply-shift with rejection).
inline std::uint64_t uniformIndex(std::mt19937_64& rng, std::uint64_t n) {
    if (n <= 1) return 0;
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t r = rng();
        const unsigned __int128 m = static_cast<unsigned __int128>(r) * n;
        if (static_cast<std::uint64_t>(m) >= threshold) return static_cast<std::uint64_t>(m >> 64);
    }
}

} // namespace ll::stats
