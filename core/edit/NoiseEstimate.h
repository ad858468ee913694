#pragma once
// Immerkaer (1996) fast noise variance estimation: sigma = sqrt(pi / 2) / 6 * mean |I * N| with the
// 3 x 3 operator N = [1 -2 1; -2 4 -2; 1 -2 1] (the difference of two Laplacians, blind to planes and
// largely to edges), averaged over the interior pixels of the region.
#include "image/Plane.h"

#include <optional>

namespace ll::edit {

std::optional<double> immerkaerSigma(const FloatPlane& img, const Mask* region = nullptr);

} // namespace ll::edit
