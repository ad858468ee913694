#pragma once
// RGB primaries and white points as chromaticities, and the 3x3 matrices between them
// (Bradford chromatic adaptation when the white points differ). Used to honour the
// `chromaticities` attribute of EXR files.
#include <Eigen/Core>
#include <array>

namespace ll {

// Rx Ry Gx Gy Bx By Wx Wy, the layout of the EXR attribute.
using Chromaticities = std::array<double, 8>;

constexpr Chromaticities kRec709Chromaticities{0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290};
constexpr Chromaticities kAcesAP0Chromaticities{0.7347, 0.2653, 0.0, 1.0, 0.0001, -0.0770, 0.32168, 0.33767};
constexpr Chromaticities kAcesAP1Chromaticities{0.713, 0.293, 0.165, 0.830, 0.128, 0.044, 0.32168, 0.33767};
constexpr Chromaticities kP3D65Chromaticities{0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290};

// Normalised primary matrix: linear RGB in these primaries to CIE XYZ (Y of white = 1).
Eigen::Matrix3d rgbToXyz(const Chromaticities& c);
// Bradford adaptation from one white (x, y) to another, in XYZ.
Eigen::Matrix3d bradford(double xs, double ys, double xd, double yd);
// Linear RGB in `from` primaries to linear Rec.709 (D65), adapting the white point.
Eigen::Matrix3d toRec709(const Chromaticities& from);
// True when the chromaticities equal Rec.709/D65 within `tolerance`.
bool isRec709(const Chromaticities& c, double tolerance = 1e-4);

} // namespace ll
