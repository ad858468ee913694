#include "colour/Chromaticities.h"

#include <Eigen/Dense>
#include <cmath>

namespace ll {

namespace {
Eigen::Vector3d xyToXyz(double x, double y) { return {x / y, 1.0, (1.0 - x - y) / y}; }
} // namespace

Eigen::Matrix3d rgbToXyz(const Chromaticities& c) {
    Eigen::Matrix3d p;
    p.col(0) = xyToXyz(c[0], c[1]);
    p.col(1) = xyToXyz(c[2], c[3]);
    p.col(2) = xyToXyz(c[4], c[5]);
    const Eigen::Vector3d s = p.colPivHouseholderQr().solve(xyToXyz(c[6], c[7]));
    return p * s.asDiagonal();
}

Eigen::Matrix3d bradford(double xs, double ys, double xd, double yd) {
    Eigen::Matrix3d b;
    b << 0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296;
    const Eigen::Vector3d s = b * xyToXyz(xs, ys);
    const Eigen::Vector3d d = b * xyToXyz(xd, yd);
    return b.inverse() * d.cwiseQuotient(s).asDiagonal() * b;
}

Eigen::Matrix3d toRec709(const Chromaticities& from) {
    const auto& t = kRec709Chromaticities;
    return rgbToXyz(t).inverse() * bradford(from[6], from[7], t[6], t[7]) * rgbToXyz(from);
}

bool isRec709(const Chromaticities& c, double tolerance) {
    for (int i = 0; i < 8; ++i)
        if (std::abs(c[i] - kRec709Chromaticities[i]) > tolerance) return false;
    return true;
}

} // namespace ll
