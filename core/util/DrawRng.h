#pragma once
// The one random-number scheme of LightLens: counter-based seeding. Every unit of random work (a
// bootstrap draw, a random split, a Monte Carlo draw of one image row, a presentation order) gets its
// own generator seeded from (seed, stream, index) through the SplitMix64 finaliser, so results do not
// depend on which thread runs which unit or in what order, and identical inputs give identical output
// on every machine (no implementation-defined distributions).
#include "util/SplitMix64.h"

#include <cstdint>
#include <random>

namespace ll {

// Independent streams for independent purposes.
enum class RngStream : std::uint64_t {
    Bootstrap = 1,    // bootstrap draws (validation statistics, edit-score intervals)
    SplitHalf = 2,    // split-half reliability
    Simulation = 3,   // simulated studies (tests, examples)
    Presentation = 4, // the order and sides of an A/B study
    Quantisation = 5, // the 8-bit quantisation Monte Carlo
};

inline std::mt19937_64 drawRng(std::uint64_t seed, RngStream stream, std::uint64_t index) {
    const std::uint64_t s = splitMix64(splitMix64(splitMix64(seed) ^ static_cast<std::uint64_t>(stream)) ^ index);
    return std::mt19937_64(s);
}

// Uniform integer in [0, n) without the implementation-defined std::uniform_int_distribution
// (Lemire's multiply-shift with rejection).
inline std::uint64_t uniformIndex(std::mt19937_64& rng, std::uint64_t n) {
    if (n <= 1) return 0;
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t r = rng();
        const unsigned __int128 m = static_cast<unsigned __int128>(r) * n;
        if (static_cast<std::uint64_t>(m) >= threshold) return static_cast<std::uint64_t>(m >> 64);
    }
}

// Uniform double in [0, 1) from the top 53 bits.
inline double uniform01(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

} // namespace ll

namespace ll::stats {
using ll::drawRng;
using ll::RngStream;
using ll::splitMix64;
using ll::uniformIndex;
} // namespace ll::stats
