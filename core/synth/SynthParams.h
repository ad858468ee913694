#pragma once
// Parameters of the synthetic scene renderer.
#include <cstdint>

namespace ll {

struct SynthParams {
    int width = 1248;
    int height = 832;
    std::uint64_t seed = 1;
    bool noise = true;           // add sensor noise to on/off
    double shotNoise = 2e-4;     // noise variance per unit of exposed signal (signal scaled by k)
    double readNoise = 1e-3;     // noise standard deviation, in exposed units
    int probeShadowSamples = 8;  // points on the bulb per shadow test (soft shadows)
    int windowSamples = 6;       // points on the window per shadow test
};

} // namespace ll
