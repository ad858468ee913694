#pragma once
// 8-connected components of a mask, with area and bounding box (two-pass union-find).
#include "image/Plane.h"

#include <cstddef>
#include <vector>

namespace ll::edit {

struct Component {
    int label = 0;           // 1-based, as in the label plane
    std::size_t area = 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0; // inclusive bounding box
};

// Returns the components in raster order of their first pixel; `labels` (optional) receives the
// label of each pixel (0 for background).
std::vector<Component> connectedComponents(const Mask& mask, Plane<int>* labels = nullptr);

} // namespace ll::edit
