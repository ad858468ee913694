#pragma once
// Every per-pixel quantity of an evaluation at one pixel, for the pixel inspector: read from the maps
// where they are kept, and otherwise (compact maps, KeptMaps::Compact) worked out from the evaluated
// images, Omega and the scores' medians and MADs, with the evaluation's own arithmetic.
#include "metrics/EditPixels.h"
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

// (x, y) must lie inside the maps. Compact maps keep neither the ratio images nor the gradient images:
// E_R, E_G, S(E), D_c, the SIE map, M_R and M_G at the pixel are then worked out from the evaluated
// images `on`, `off` and `edit` (the edit linear and divided by k, at the maps' size) with the
// evaluation's arithmetic (EvalDerivedMaps, gradientMagnitudeAt), which gives the evaluation's own
// floats; throws std::invalid_argument when they are needed and not given.
PixelMetrics pixelMetrics(const EvalMaps& maps, const EvalScores& scores, int x, int y, const Image* on = nullptr,
                          const Image* off = nullptr, const EditPixels* edit = nullptr);
// The same with the edit as an image.
PixelMetrics pixelMetrics(const EvalMaps& maps, const EvalScores& scores, int x, int y, const Image* on,
                          const Image* off, const Image* edit);

} // namespace ll
