#pragma once
// Procedural albedo textures for the synthetic rooms (deterministic functions of position and seed).
#include "synth/Vec3.h"

#include <cstdint>

namespace ll::synth {

// Smooth value noise in [0, 1] (bilinear lattice noise with a smoothstep fade).
float valueNoise(float x, float y, std::uint64_t seed);
// Fractal sum of `octaves` value noises, in [0, 1].
float fractalNoise(float x, float y, std::uint64_t seed, int octaves = 3);

// Wooden planks along z, each plank with its own tint, grain and dark joints.
Vec3 floorAlbedo(const Vec3& base, float x, float z, std::uint64_t seed);
// Slightly mottled plaster.
Vec3 wallAlbedo(const Vec3& base, float u, float v, std::uint64_t seed);
// Painted box faces: a little low-frequency variation.
Vec3 boxAlbedo(const Vec3& base, const Vec3& p, std::uint64_t seed);

} // namespace ll::synth
