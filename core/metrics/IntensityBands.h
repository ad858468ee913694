#pragma once
// Intensity bands (paper 4.2, C.4): r = L / max_Omega(L), L = mean_c max(I_on - I_off, 0) (unblurred).
// With edges e_0 = 100 > e_1 > ... > e_n = 0 (percent) band i holds 100 r in (e_{i+1}, e_i], the last
// band [0, e_{n-1}]; r > 1 (possible outside Omega) falls in band 0. Keys name the range in percent,
// lower first: "16-100", "6-16", ..., "0-1".
#include "image/Plane.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ll {

constexpr std::uint8_t kNoBand = 255;

struct IntensityBands {
    Plane<std::uint8_t> labels; // band index per pixel, kNoBand where r is undefined
    double maxSignal = 0.0;     // max over Omega of L (0 when Omega is empty)
    std::vector<std::string> keys;
};

// Throws ll::Error when the edges are not strictly descending from 100 to 0 or more than 254 bands.
std::vector<std::string> bandKeys(const std::vector<double>& edgesPercent);

IntensityBands intensityBands(const FloatPlane& L, const Mask& omega, const std::vector<double>& edgesPercent);

} // namespace ll
