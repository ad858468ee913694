#pragma once
// LFE, the Low-Frequency Error (spec "LFE" steps 2-3), from the gradient magnitudes M_R, M_G:
//   Omega80_c = pixels of Omega-nabla where M_R,c <= P80(M_R,c) and M_G,c <= P80(M_G,c)
//               (type-7 percentiles over Omega-nabla; drops the strongest 20% of either image's edges)
//   LFE_c = mean over Omega80_c of |S(M_R,c) - S(M_G,c)|, S with median/MAD over Omega80_c
//   LFE = mean_c LFE_c;  LFE map = mean_c (S(M_R,c) - S(M_G,c)), terms outside Omega80_c count 0.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/Standardisation.h"

#include <array>
#include <optional>

namespace ll {

struct LfeChannel {
    double percentileReal = 0.0, percentileEdit = 0.0; // the P80 thresholds
    ChannelStats real, edit;                           // over Omega80_c
    std::size_t pixels = 0;                            // |Omega80_c|
    std::optional<double> value;                       // LFE_c (none when Omega80_c is empty)
};

struct LfeResult {
    std::array<LfeChannel, 3> channels;
    std::size_t domainPixels = 0;       // |Omega-nabla|
    std::array<Mask, 3> omega80;
    Image signedDiff;                   // S(M_R,c) - S(M_G,c) on Omega80_c, 0 elsewhere
};

LfeResult computeLfe(const Image& MR, const Image& MG, const Mask& domain, double percentile, double madFloor);

// The mean of the channel values when all three exist.
std::optional<double> lfeOf(const LfeResult& r);

} // namespace ll
