#pragma once
// The exact test "M <= P80(M)" of Omega80 (spec: LFE step 2) when M is stored as float.
//
// The engine computes M = |grad E| in double from ratios in double and stores it rounded to float.
// Rounding keeps the order but merges values closer than a float step (6e-8 relative), and on
// quantised data (8-bit pairs: ratios of a few code values) many gradient magnitudes are that close:
// a cluster of them can straddle the 80th percentile, and which pixels of it are in Omega80 then
// depends on the rounding. In exact arithmetic "M <= P80" is "M <= x_lo", x_lo the value of rank
// lo = floor(0.8 (n - 1)) (no value lies strictly between two consecutive order statistics), so:
// a float M below the float x_lo is in, above it out, and only pixels whose float M equals it need
// their double M compared with the double x_lo, found among the pixels of that float value.
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/BracketSelect.h"
#include "metrics/EditPixels.h"

#include <array>
#include <functional>
#include <utility>

namespace ll {

// |grad E|_c at (x, y) in double, E = num / den per channel in double: the arithmetic of the
// engine's gradient rows (EvalSieStage.cpp, gradientMagnitudeSpan), for a pixel of the gradient domain
// (all four neighbours valid).
double gradientMagnitudeAt(const Image& num, const Image& den, int x, int y, int c);
// The same for the edit's side (E = G / den), the edit read as the evaluation reads it.
double gradientMagnitudeAt(const EditPixels& edit, const Image& den, int x, int y, int c);

struct GradientThreshold {
    float value = 0.0f;  // x_lo as float (the selection's value of rank lo)
    bool split = false;  // some pixels with float M == value lie above x_lo in double
    double exact = 0.0;  // x_lo in double (when split)
    // Whether a pixel with float magnitude m is at or below x_lo; `exactM` gives its double magnitude.
    template <typename F>
    bool admits(float m, F exactM) const {
        return m < value || (m == value && (!split || exactM() <= exact));
    }
};

// The six thresholds of sets 0-5 (M_R,c then M_G,c) of `sel` after the P80 pass over the gradient
// domain: for a set whose tie at rank lo straddles it, one parallel pass over the domain collects the
// double magnitudes of the pixels with that float value and selects x_lo among them.
// gradientRows(y) gives row y of M_R and M_G (3W floats each).
std::array<GradientThreshold, 6>
gradientThresholds(const BracketSelect& sel, const Mask& domain,
                   const std::function<std::pair<const float*, const float*>(int y)>& gradientRows,
                   const Image& realNumerator, const EditPixels& edit, const Image& denominator);

} // namespace ll
