#pragma once
// Statistics of float planes restricted to a mask (all pixels when the mask is empty/null).
#include "image/Plane.h"

#include <cstddef>
#include <optional>

namespace ll::edit {

// Mean over the set pixels; nullopt when none are set.
std::optional<double> maskedMean(const FloatPlane& p, const Mask* mask);

struct MaskedCorrelation {
    std::optional<double> r; // Pearson correlation; nullopt when a variance is zero
    std::size_t count = 0;
    double varX = 0, varY = 0;
};
MaskedCorrelation maskedPearson(const FloatPlane& x, const FloatPlane& y, const Mask* mask);

// Quantile q in [0, 1] (linear interpolation) of the values under the mask; nullopt when empty.
std::optional<double> maskedQuantile(const FloatPlane& p, const Mask* mask, double q);

} // namespace ll::edit
