#pragma once
// The canonical polygon rasterisation: pixel for pixel what pycocotools' rleFrPoly (cocoapi
// common/maskApi.c) produces, computed without walking the whole boundary.
//
// The rule, in the 5x finer grid pycocotools works on:
//  1. each vertex is scaled by 5 and rounded as C does it: (int)(5*v + 0.5) (truncation toward 0);
//  2. each edge is stepped along its longer axis one grid unit at a time; the other coordinate is
//     (int)(start + slope*t + 0.5), computed from the edge's end with the smaller x (x-major edges)
//     or smaller y (y-major edges);
//  3. wherever two consecutive boundary points differ in x, with smaller grid x = 5n+2, the
//     boundary crosses the centre line of pixel column n (x = n + 0.5); if 0 <= n < width it
//     toggles the mask at row ceil((min(v)-2)/5) clamped to [0, height], min(v) being the smaller
//     grid y of the two points;
//  4. a pixel is set when the number of toggles at or before it, in column-major order, is odd
//     (toggles on one position cancel in pairs; a toggle at row = height starts the next column).
// Only the crossings of pixel-centre columns are evaluated, with the same floating-point
// expressions as step 2, so the cost is O(vertices + crossed columns) plus the area filled.
#include "annotations/SceneAnnotations.h"

#include <cstdint>
#include <vector>

namespace ll {

// Appends the toggles of one ring (rule above) as column-major pixel indices x*height + y, in no
// particular order. Coordinates beyond +-1e8 are clamped there first.
void appendCocoRingToggles(const Ring& ring, int width, int height, std::vector<std::uint64_t>& toggles);

// Sorts the toggles and sets (to 1) every pixel of `mask` whose toggle count is odd (step 4).
// Pixels outside the toggled runs are left as they are, so several calls make a union.
void fillToggles(std::vector<std::uint64_t>& toggles, Mask& mask);

// One ring on its own, as pycocotools' frPyObjects + decode gives it.
Mask rasteriseRingCoco(const Ring& ring, int width, int height);

} // namespace ll
