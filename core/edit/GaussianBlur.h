#pragma once
// The edit scores' Gaussian: image/GaussianBlur.h's exact kernel with the 'mirror' border
// (d c b | a b c d | c b a) and radius ceil(3 sigma) unless `radius` >= 0 is given. sigma <= 0 returns
// a copy.
#include "image/BorderIndex.h"
#include "image/GaussianBlur.h"

#include <cmath>

namespace ll::edit {

// The edit scores' window radius: `radius` when >= 0, else ceil(3 sigma).
inline int editRadius(double sigma, int radius) { return radius >= 0 ? radius : int(std::ceil(3.0 * sigma)); }

inline FloatPlane gaussianBlur(const FloatPlane& src, double sigma, int radius = -1) {
    // sigma <= 0 is returned unchanged by ll::gaussianBlur before the radius is used.
    return ll::gaussianBlur(src, {sigma, 0.0, editRadius(sigma, radius), GaussianBorder::Mirror, GaussianMethod::Exact});
}

} // namespace ll::edit
