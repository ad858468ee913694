#include "figure/DifferenceTiles.h"

#include "figure/TileImages.h"
#include "util/Error.h"

#include <cmath>

namespace ll::figure {

Image differenceImage(const Image& a, const Image& b, const std::string& subject) {
    if (a.width() != b.width() || a.height() != b.height())
        throw ll::Error(subject, "difference of images of different sizes (" + std::to_string(a.width()) + "x" +
                                     std::to_string(a.height()) + " and " + std::to_string(b.width()) + "x" + std::to_string(b.height()) + ")");
    Image d = a;
    float* p = d.data();
    const float* q = b.data();
    for (std::size_t i = 0; i < d.floatCount(); ++i) p[i] -= q[i];
    return d;
}

QImage absoluteDifferenceImage(const Image& d, double exposure, const ColourConfig& colour) {
    Image magnitude = d;
    float* p = magnitude.data();
    for (std::size_t i = 0; i < magnitude.floatCount(); ++i) p[i] = std::fabs(p[i]);
    return toneMapHdr(magnitude, exposure, colour);
}

FloatPlane signedDifferencePlane(const Image& d, double exposure) {
    FloatPlane out(d.width(), d.height(), 0.0f);
    const float* p = d.data();
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = float(exposure * (double(p[3 * i]) + double(p[3 * i + 1]) + double(p[3 * i + 2])) / 3.0);
    return out;
}

} // namespace ll::figure
