#include "figure/Contrast.h"

#include <algorithm>
#include <cmath>

namespace ll::figure {

namespace {

double toLinear(int v8) {
    const double v = v8 / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

int toCode(double linear) {
    const double v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1.0 / 2.4) - 0.055;
    return std::clamp(int(std::lround(v * 255.0)), 0, 255);
}

} // namespace

double relativeLuminance(const QColor& c) {
    const QColor rgb = c.toRgb();
    return 0.2126 * toLinear(rgb.red()) + 0.7152 * toLinear(rgb.green()) + 0.0722 * toLinear(rgb.blue());
}

double contrastRatio(const QColor& a, const QColor& b) {
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor darkenedForWhite(const QColor& c, double ratio) {
    const QColor white(255, 255, 255);
    if (contrastRatio(c, white) >= ratio) return c;
    const QColor rgb = c.toRgb();
    const double r = toLinear(rgb.red()), g = toLinear(rgb.green()), b = toLinear(rgb.blue());
    const double target = 1.05 / ratio - 0.05; // the largest luminance with enough contrast
    double k = target / relativeLuminance(rgb);
    // Rounding to 8 bits may land just short: step down until the ratio holds.
    for (int i = 0; i < 100; ++i, k *= 0.99) {
        const QColor d(toCode(r * k), toCode(g * k), toCode(b * k));
        if (contrastRatio(d, white) >= ratio) return d;
    }
    return QColor(0, 0, 0);
}

} // namespace ll::figure
