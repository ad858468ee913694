#pragma once
// The validity mask Omega (spec "Validity mask"): a pixel is valid when no exclusion reason applies.
// Also a reason plane giving, per pixel, the first failing reason in the order of ExclusionReason
// (for the GUI's "why is this pixel black" display).
#include "image/Plane.h"

#include <array>
#include <cstdint>
#include <string>

namespace ll {

enum class ExclusionReason : std::uint8_t {
    None = 0,
    NonFinite = 1,
    NonPositiveDenominator = 2,
    ClippedReal = 3,
    ClippedEdit = 4,
    LowSignal = 5,
    Window = 6,
};
constexpr int kExclusionReasonCount = 7;

// "valid", "non_finite", "non_positive_denominator", "clipped_real", "clipped_edit", "low_signal", "window".
const char* exclusionReasonName(ExclusionReason r);

struct ValidityMasks {
    // One mask per reason, 1 = excluded for it (independent of the other reasons).
    Mask nonFinite, nonPositiveDenominator, clippedReal, clippedEdit, lowSignal, window;
    Plane<std::uint8_t> reason; // ExclusionReason of the first failing test, 0 = valid
    Mask omega;                 // 1 = valid
    std::size_t validPixels = 0;
    // Pixels whose *first* failing reason is each ExclusionReason (index 0: valid pixels).
    std::array<std::size_t, kExclusionReasonCount> firstReasonCounts{};

    const Mask& byReason(ExclusionReason r) const;
};

// Fills reason, omega and the counts from the six reason masks already set in `m`.
void combineExclusions(ValidityMasks& m);

} // namespace ll
