#pragma once
// Outlines of a mask as polygons: one ring per 4-connected part (outer boundary only: holes are
// filled), traced along pixel edges so that the ring encloses exactly the part's pixels, then
// simplified (Douglas-Peucker) to within `tolerance` pixels. Parts smaller than minPixels are dropped.
#include "annotations/SceneAnnotations.h"
#include "image/Plane.h"

#include <vector>

namespace ll::synth {

std::vector<Ring> maskOutlines(const Mask& mask, int minPixels = 16, double tolerance = 0.75);

} // namespace ll::synth
