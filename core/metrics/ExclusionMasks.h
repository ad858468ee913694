#pragma once
// The separate reasons a pixel leaves the validity mask Omega (spec "Validity mask"), each as its own
// Mask (1 = excluded for that reason). Reasons are tested independently; ValidityMask.h combines them.
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <optional>

namespace ll {

// Any channel of any of the images is NaN or infinite.
Mask nonFiniteMask(const Image& on, const Image& off, const Image& edit);

// Any channel of the ratio denominator (I_off for turn-on, I_on for turn-off) is not > 0.
Mask nonPositiveDenominatorMask(const Image& denominator);

// Any channel of I_on or I_off is >= clipLevel. No level (float HDR by default): nothing is clipped.
Mask clippedRealMask(const Image& on, const Image& off, std::optional<float> clipLevel);

// With 8-bit codes: any channel's code == clipCode. Without: any channel of k * edit >= clipLevel,
// nothing when no level is given.
Mask clippedEditMask(const Image& edit, const Codes8* codes, float k, int clipCode, std::optional<float> clipLevel);

} // namespace ll
