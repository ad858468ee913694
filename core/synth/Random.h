#pragma once
// Deterministic randomness for the synthetic generator. Everything derives from the user's seed by
// hashing (splitmix64), never from shared state, so the output is the same for any thread count:
//  - SceneRng: a sequential stream for one scene's layout (used on one thread only);
//  - hashUniform / hashNormal: counter-based values for per-pixel noise and sample rotations.
#include <cmath>
#include "util/SplitMix64.h"

#include <cstdint>

namespace ll::synth {

using ll::splitMix64;

// Combines values into one 64-bit key.
constexpr std::uint64_t hashCombine(std::uint64_t a, std::uint64_t b) { return splitMix64(a ^ splitMix64(b)); }
constexpr std::uint64_t hashCombine(std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    return hashCombine(hashCombine(a, b), c);
}
constexpr std::uint64_t hashCombine(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
    return hashCombine(hashCombine(a, b, c), d);
}

// Uniform in [0, 1) from a key (53 bits).
constexpr double hashUniform(std::uint64_t key) { return double(splitMix64(key) >> 11) * 0x1.0p-53; }

// Standard normal from a key (Box-Muller on two derived uniforms).
inline double hashNormal(std::uint64_t key) {
    const double u1 = 1.0 - hashUniform(key);            // (0, 1]
    const double u2 = hashUniform(key ^ 0xA5A5A5A5A5A5A5A5ull);
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

// Stable 64-bit hash of a string (FNV-1a), for deriving seeds from names such as model names.
inline std::uint64_t hashName(const char* s) {
    std::uint64_t h = 1469598103934665603ull;
    for (; *s; ++s) h = (h ^ std::uint8_t(*s)) * 1099511628211ull;
    return h;
}

class SceneRng {
public:
    explicit SceneRng(std::uint64_t seed) : state_(seed) {}
    double uniform() { return hashUniform(state_++); }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    int integer(int lo, int hiInclusive) { return lo + int(uniform() * (hiInclusive - lo + 1)); }

private:
    std::uint64_t state_;
};

} // namespace ll::synth
