#pragma once
// SplitMix64 (Steele, Lea, Flood 2014): the one 64-bit mixer behind every seeded, thread-count
// independent random stream in LightLens (synthetic scenes, bootstrap draws, quantisation Monte Carlo).
#include <cstdint>

namespace ll {

// The SplitMix64 output for one input: add the golden-ratio increment, then the finaliser.
constexpr std::uint64_t splitMix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// The sequential generator: advances `state` and returns the next value.
constexpr std::uint64_t splitMix64Next(std::uint64_t& state) {
    const std::uint64_t x = state;
    state += 0x9E3779B97F4A7C15ull;
    return splitMix64(x);
}

} // namespace ll
