#pragma once
// Every per-pixel quantity of an evaluation at one pixel, for the pixel inspector: read from the maps
// where they are kept, and otherwise (compact maps, KeptMaps::Compact) worked out from the ratio and
// gradient images and the scores' medians and MADs, with the evaluation's own standardisation.
#include "metrics/Evaluate.h"

#include <array>

namespace ll {

struct PixelMetrics {
    bool valid = false;                           // in Omega
    std::array<bool, 3> inOmega80{};              // per channel
    std::array<float, 3> ratioReal{}, ratioEdit{}; // E_R, E_G (0 outside Omega)
    std::array<float, 3> standardisedReal{}, standardisedEdit{}; // S(E_R), S(E_G) (0 outside Omega)
    std::array<float, 3> sie{};                   // D_c = S(E_R,c) - S(E_G,c) (0 outside Omega)
    float sieMap = 0.0f;                          // mean_c D_c
    std::array<float, 3> gradientReal{}, gradientEdit{}; // M_R, M_G (0 outside Omega-nabla)
    std::array<float, 3> lfe{};                   // S(M_R,c) - S(M_G,c) on Omega80_c, else 0
    float lfeMap = 0.0f;                          // mean_c of lfe where some channel is in Omega80
};

// (x, y) must lie inside the maps.
PixelMetrics pixelMetrics(const EvalMaps& maps, const EvalScores& scores, int x, int y);

} // namespace ll
