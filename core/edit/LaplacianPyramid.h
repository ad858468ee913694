#pragma once
// Burt and Adelson (1983) Gaussian/Laplacian pyramid with the 5-tap kernel [1 4 6 4 1] / 16 and
// mirrored borders. Bands can be brought back to full resolution to compare them pixel by pixel.
#include "image/Plane.h"

#include <vector>

namespace ll::edit {

FloatPlane pyramidReduce(const FloatPlane& src);
// Upsamples to exactly (width, height) (twice the size of src, rounded as the reduce step did).
FloatPlane pyramidExpand(const FloatPlane& src, int width, int height);

// levels Laplacian bands L0..L(levels-1) followed by the Gaussian residual G(levels).
std::vector<FloatPlane> laplacianPyramid(const FloatPlane& src, int levels);

// Sum of the bands from `level` up, including the residual, at full resolution:
// the Gaussian level `level` expanded back to the source size (lowpassAtLevel(src, 0) == src).
FloatPlane lowpassAtLevel(const FloatPlane& src, int level);

// Bands [0, level) at full resolution: src - lowpassAtLevel(src, level).
FloatPlane bandpassBelowLevel(const FloatPlane& src, int level);

} // namespace ll::edit
