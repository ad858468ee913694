#pragma once
// The evaluation's per-row arithmetic over interleaved RGB rows (3 values per pixel), compiled for the
// vector widths of util/SimdClones.h. Each function does, value by value, the double operations its
// comment states in that order, so its results are the same bit for bit whichever clone runs (and as
// the one-pixel forms elsewhere: gradientMagnitudeAt, Standardiser).
#include <array>
#include <cstddef>
#include <cstdint>

namespace ll {

// The light signal L of W pixels (LightSignal.h lightAt): mean_c max(on - off, 0) in double, as float,
// 0 where that is not finite.
void lightSpan(const float* on, const float* off, int W, float* L);

// Per pixel x < W (a: on, b: off, g: the edit, d: the denominator; 3 values each), the tests of the
// blur-free exclusion reasons and of the band pair mask (BandPairMask.h) as bits of flags[x], each bit
// set when it holds for any of the pixel's three values.
enum PixelFlag : std::uint8_t {
    kPixelNonFinite = 1,    // a, b or g not finite
    kPixelNonPositive = 2,  // !(d > 0)
    kPixelClippedReal = 4,  // a >= clip or b >= clip (clip = +inf when there is no clip level)
    kPixelEditLevel = 8,    // useLevel and k * g >= level (in float)
    kPixelOutsidePair = 16, // a or b not finite or not > 0, a or b >= clip, k * a >= 1 or k * b >= 1
};
void pixelFlagsSpan(const float* a, const float* b, const float* g, const float* d, int W, float clip, bool useLevel,
                    float k, float level, std::uint8_t* flags);

// out[x] = 1 where any of the 8-bit codes q[3x..3x+2] equals code, else 0.
void codesEqualSpan(const std::uint8_t* q, int W, int code, std::uint8_t* out);

// The first blur-free reason of each pixel (ExclusionReason: non_finite, non_positive_denominator,
// clipped_real, clipped_edit, then window, else 0) from its flags (pixelFlagsSpan), the edit's
// clipping (editClipped[x] != 0; null: the flag kPixelEditLevel) and the window (window[x] != 0; null:
// none), into reason[x]; returns the maximum of L over the pixels in the band pair mask (not
// kPixelOutsidePair, not in a window), 0 when there is none.
float firstReasonsSpan(const std::uint8_t* flags, const std::uint8_t* editClipped, const std::uint8_t* window,
                       const float* L, int W, std::uint8_t* reason);

// Omega-nabla of a row from Omega of it (mid) and of the rows above and below: dom[x] = 1 where the pixel
// and its four neighbours are in Omega (values 0 / 1), 0 in the first and last columns.
void domainSpan(const std::uint8_t* up, const std::uint8_t* mid, const std::uint8_t* dn, int W, std::uint8_t* dom);

// Omega80 bits of a row: bit c of bits[x] set where dom[x] and mr[3x + c] <= tR[c] and mg[3x + c] <= tG[c].
void omega80BitsSpan(const float* mr, const float* mg, const std::uint8_t* dom, const std::array<float, 3>& tR,
                     const std::array<float, 3>& tG, int W, std::uint8_t* bits);

// The number of f < n with v[f] == value.
std::size_t countEqual(const float* v, std::size_t n, float value);

// q[f] = a[f] / d[f] in float, for f < n.
void quotientSpan(const float* a, const float* d, std::size_t n, float* q);

// er[f] = double(a[f]) / double(d[f]) and eg[f] = double(g[f]) / double(d[f]) for f < n.
void ratioSpan(const float* a, const float* g, const float* d, std::size_t n, double* er, double* eg);

// M = sqrt(gx^2 + gy^2) at values f in [3, n - 3) of ratio rows up, mid, dn (3 values per pixel),
// gx = (mid[f + 3] - mid[f - 3]) * 0.5, gy = (dn[f] - up[f]) * 0.5 in double, rounded to float.
void gradientMagnitudeSpan(const double* up, const double* mid, const double* dn, std::size_t n, float* out);

// Per channel c: the standardisation S(x) = (x - median[c]) * inv[c] and S1(x) = (x - 1) * inv[c]
// (Standardiser) of the real side R and the edit side G.
struct ChannelStandardisers {
    std::array<double, 3> medianR{}, invR{}, medianG{}, invG{};
};

// SIE's differences over one ratio row of W pixels (er, eg: 3W values): per value f (channel c = f % 3)
//   d[f] = S_R(er[f]) - S_G(eg[f]),  d1[f] = S1_R(er[f]) - S1_G(eg[f]);
// absD[f] = |d[f]|, absD1[f] = |d1[f]|, and per pixel x meanAbs[x] = float((|d0| + |d1| + |d2|) / 3.0)
// where keep[x] is set, else 0. When zr is not null, also d[f] into d, S_R(er[f]) into zr and S_G(eg[f])
// into zg (the per-pixel maps).
void sieDifferences(const double* er, const double* eg, const std::uint8_t* keep, int W, const ChannelStandardisers& s,
                    double* absD, double* absD1, float* meanAbs, double* d, double* zr, double* zg);

// LFE's differences over one row of gradient magnitudes (mr, mg: 3W floats), value f of channel
// c = f % 3 of pixel x = f / 3 kept where keep[x] has bit c:
//   d[f] = S_R(double(mr[f])) - S_G(double(mg[f]));
// absD[f] = |d[f]|, dFloat[f] = float(d[f]), absFloat[f] = |dFloat[f]| where kept, else 0.
void lfeDifferences(const float* mr, const float* mg, const std::uint8_t* keep, int W, const ChannelStandardisers& s,
                    double* absD, float* dFloat, float* absFloat);

} // namespace ll
