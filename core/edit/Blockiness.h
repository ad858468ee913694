#pragma once
// 8 x 8 blockiness: the mean absolute difference between neighbouring pixels that straddle an 8-px
// block boundary (grid anchored at the image origin, as JPEG's), divided by the mean over the other
// seven phases; horizontal and vertical ratios averaged. About 1 for natural images, larger when a
// block transform quantised the image.
#include "image/Plane.h"

#include <optional>

namespace ll::edit {

std::optional<double> blockiness8x8(const FloatPlane& img, const Mask* region = nullptr);

} // namespace ll::edit
