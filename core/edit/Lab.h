#pragma once
// CIELAB (D65 white) of scene-linear Rec.709 RGB and the CIEDE2000 colour difference.
// The RGB -> XYZ matrix is computed from the Rec.709 primaries and the D65 white point with Eigen.
#include "image/Image.h"
#include "image/Plane.h"

#include <Eigen/Core>
#include <array>

namespace ll::edit {

using Lab = std::array<double, 3>;

// Linear Rec.709 RGB -> CIE XYZ (D65, Y of white = 1).
Eigen::Matrix3d rec709ToXyzD65();

Lab labFromLinearRgb(const float rgb[3]);

struct LabImage {
    FloatPlane L, a, b;
};
LabImage toLab(const Image& linear);

// CIEDE2000 (Sharma, Wu, Dalal 2005), kL = kC = kH = 1.
double ciede2000(const Lab& lab1, const Lab& lab2);

// Per-pixel CIEDE2000 between two Lab images of the same size.
FloatPlane deltaE2000Map(const LabImage& x, const LabImage& y);

} // namespace ll::edit
