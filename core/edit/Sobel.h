#pragma once
// Sobel gradients (3 x 3, mirrored borders), normalised by 1/8 so a unit ramp has gradient 1.
#include "image/Plane.h"

namespace ll::edit {

struct Gradients {
    FloatPlane gx, gy;
};
Gradients sobel(const FloatPlane& src);
// gx^2 + gy^2 per pixel.
FloatPlane sobelMagnitudeSquared(const FloatPlane& src);

} // namespace ll::edit
