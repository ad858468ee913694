#pragma once
// SIE, the Standardised Intensity Error (spec "SIE"), and SIE1 (paper A.4):
//   D_c = S(E_R,c) - S(E_G,c);           SIE  = mean over p in Omega and c of |D_c(p)|
//   D1_c = S1(E_R,c) - S1(E_G,c);        SIE1 = mean over p in Omega and c of |D1_c(p)|
// Sign of D: positive = reality has relatively more light there than the edit.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/Standardisation.h"

#include <array>

namespace ll {

struct SieResult {
    std::array<double, 3> perChannel{};     // mean over Omega of |D_c|
    double sie = 0.0;                       // mean of perChannel
    std::array<double, 3> sie1PerChannel{}; // mean over Omega of |D1_c|
    double sie1 = 0.0;
    std::size_t pixels = 0;
};

// Optional per-pixel outputs (allocated here when the pointer is non-null; 0 outside Omega).
struct SieMaps {
    Image* signedPerChannel = nullptr; // D_c
    FloatPlane* signedMean = nullptr;  // mean_c D_c (the SIE map)
    FloatPlane* absMean = nullptr;     // mean_c |D_c| (what region scores average)
    Image* standardisedReal = nullptr; // S(E_R)
    Image* standardisedEdit = nullptr; // S(E_G)
};

// Precondition: Omega is not empty.
SieResult computeSie(const Image& ER, const Image& EG, const Mask& omega, const RgbStats& real,
                     const RgbStats& edit, const SieMaps& maps = {});

} // namespace ll
