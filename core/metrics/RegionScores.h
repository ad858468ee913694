#pragma once
// Region and band scores (spec "Regions"): the *globally* standardised errors averaged over a region
// (chosen): SIE over Omega ∩ R of mean_c |D_c|; LFE = mean_c of the mean over Omega80_c ∩ R of
// |S(M_R,c) - S(M_G,c)|. A region with fewer than minPixels valid pixels gets null scores (for LFE:
// fewer than minPixels in Omega80_c ∩ R for some channel).
#include "image/Image.h"
#include "image/Plane.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace ll {

struct RegionScore {
    std::size_t pixels = 0;    // |Omega ∩ R|
    std::size_t lfePixels = 0; // min over channels of |Omega80_c ∩ R|
    std::optional<double> sie, lfe;
};

// The per-pixel errors regions average. sieAbs / lfeSigned may be null when that score is undefined.
struct ErrorPlanes {
    const Mask* omega = nullptr;
    const FloatPlane* sieAbs = nullptr;            // mean_c |D_c| on Omega
    const Image* lfeSigned = nullptr;              // S(M_R,c) - S(M_G,c) on Omega80_c
    const std::array<Mask, 3>* omega80 = nullptr;
};

RegionScore scoreRegion(const ErrorPlanes& e, const Mask& region, std::size_t minPixels);

// Scores every label 0..labelCount-1 of a label plane in one pass (other label values are ignored).
std::vector<RegionScore> scoreLabels(const ErrorPlanes& e, const Plane<std::uint8_t>& labels, int labelCount,
                                     std::size_t minPixels);

} // namespace ll
