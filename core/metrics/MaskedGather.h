#pragma once
// Collecting the values of one channel under a mask into a flat vector, in parallel over rows and in
// raster order (so the result does not depend on the thread count).
#include "image/Image.h"
#include "image/Plane.h"

#include <vector>

namespace ll {

// Start offset of each row's set pixels in raster order; back() = total count (size H + 1).
std::vector<std::size_t> maskRowOffsets(const Mask& m);

// Channel c of an interleaved RGB image (or c = 0 of a plane) where m is set.
std::vector<float> gatherMasked(const Image& img, int c, const Mask& m, const std::vector<std::size_t>& offsets);
std::vector<float> gatherMasked(const FloatPlane& plane, const Mask& m, const std::vector<std::size_t>& offsets);

} // namespace ll
