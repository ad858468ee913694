#include "synth/ProceduralTexture.h"

#include "synth/Random.h"

#include <algorithm>
#include <cmath>

namespace ll::synth {

namespace {

float lattice(std::int64_t ix, std::int64_t iy, std::uint64_t seed) {
    return float(hashUniform(hashCombine(seed, std::uint64_t(ix), std::uint64_t(iy))));
}

float fade(float t) { return t * t * (3.0f - 2.0f * t); }

} // namespace

float valueNoise(float x, float y, std::uint64_t seed) {
    const float fx = std::floor(x), fy = std::floor(y);
    const auto ix = std::int64_t(fx), iy = std::int64_t(fy);
    const float tx = fade(x - fx), ty = fade(y - fy);
    const float a = lattice(ix, iy, seed), b = lattice(ix + 1, iy, seed);
    const float c = lattice(ix, iy + 1, seed), d = lattice(ix + 1, iy + 1, seed);
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
}

float fractalNoise(float x, float y, std::uint64_t seed, int octaves) {
    float sum = 0, norm = 0, amp = 1, freq = 1;
    for (int o = 0; o < octaves; ++o) {
        sum += amp * valueNoise(x * freq, y * freq, seed + std::uint64_t(o) * 7919u);
        norm += amp;
        amp *= 0.5f;
        freq *= 2.0f;
    }
    return sum / norm;
}

Vec3 floorAlbedo(const Vec3& base, float x, float z, std::uint64_t seed) {
    constexpr float plankWidth = 0.16f, plankLength = 1.3f, joint = 0.004f;
    const float px = x / plankWidth;
    const auto row = std::int64_t(std::floor(px));
    // Stagger the plank ends from row to row.
    const float zShift = float(hashUniform(hashCombine(seed, 11, std::uint64_t(row)))) * plankLength;
    const float pz = (z + zShift) / plankLength;
    const auto col = std::int64_t(std::floor(pz));
    const float tint = 0.78f + 0.4f * float(hashUniform(hashCombine(seed, 13, std::uint64_t(row), std::uint64_t(col))));
    const float grain = fractalNoise(x * 40.0f, z * 3.0f, seed ^ 0x51ull, 3);
    float v = tint * (0.82f + 0.36f * grain);
    const float dx = std::min(px - std::floor(px), std::ceil(px) - px) * plankWidth;
    const float dz = std::min(pz - std::floor(pz), std::ceil(pz) - pz) * plankLength;
    if (dx < joint || dz < joint) v *= 0.55f;
    const Vec3 c = base * v;
    return {std::min(c.x, 0.95f), std::min(c.y, 0.95f), std::min(c.z, 0.95f)};
}

Vec3 wallAlbedo(const Vec3& base, float u, float v, std::uint64_t seed) {
    const float n = fractalNoise(u * 2.5f, v * 2.5f, seed ^ 0x77ull, 4);
    const float fine = valueNoise(u * 60.0f, v * 60.0f, seed ^ 0x99ull);
    const float s = 0.9f + 0.14f * n + 0.03f * fine;
    return base * s;
}

Vec3 boxAlbedo(const Vec3& base, const Vec3& p, std::uint64_t seed) {
    const float n = fractalNoise(p.x * 5.0f + p.z * 3.0f, p.y * 5.0f - p.z * 2.0f, seed ^ 0x33ull, 2);
    return base * (0.9f + 0.2f * n);
}

} // namespace ll::synth
