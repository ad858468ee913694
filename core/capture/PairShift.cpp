#include "capture/PairShift.h"

#include "edit/GaussianBlur.h"
#include "edit/Luminance.h"

#include <algorithm>
#include <cmath>

namespace ll::capture {

double PairShift::magnitude() const { return std::hypot(dx, dy); }

PairShift measurePairShift(const Image& on, const Image& off, const Plane<std::uint8_t>& onClipped,
                           const Plane<std::uint8_t>& offClipped, int maxWindow) {
    const int w = std::min(on.width(), maxWindow), h = std::min(on.height(), maxWindow);
    const int x0 = (on.width() - w) / 2, y0 = (on.height() - h) / 2;
    FloatPlane lOn(w, h), lOff(w, h);
    Mask usable(w, h, 1);
    std::vector<float> positive;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const float* a = on.pixel(x0 + x, y0 + y);
            const float* b = off.pixel(x0 + x, y0 + y);
            float ya = 0, yb = 0;
            for (int c = 0; c < 3; ++c) {
                ya += edit::kRec709Weights[c] * a[c];
                yb += edit::kRec709Weights[c] * b[c];
            }
            lOn(x, y) = ya;
            lOff(x, y) = yb;
            if (onClipped(x0 + x, y0 + y) || offClipped(x0 + x, y0 + y) || !(ya > 0) || !(yb > 0) ||
                !std::isfinite(ya) || !std::isfinite(yb))
                usable(x, y) = 0;
            else positive.push_back(yb);
        }
    PairShift r;
    if (positive.size() < 64) return r;
    // Near-black: below 1% of the median off luminance (mostly noise).
    auto mid = positive.begin() + positive.size() / 2;
    std::nth_element(positive.begin(), mid, positive.end());
    const float floorLum = 0.01f * *mid;
    // Smoothed ratio so a small misalignment does not look like lamp light at edges.
    const FloatPlane sOn = edit::gaussianBlur(lOn, 3.0), sOff = edit::gaussianBlur(lOff, 3.0);
    FloatPlane ratio(w, h, 0.0f);
    std::vector<float> ratios;
    for (std::size_t i = 0; i < ratio.size(); ++i) {
        if (lOff[i] < floorLum || lOn[i] < floorLum) usable[i] = 0;
        if (!usable[i] || !(sOff[i] > 0)) continue;
        ratio[i] = sOn[i] / sOff[i];
        ratios.push_back(ratio[i]);
    }
    Mask region(w, h, 0);
    std::size_t staticCount = 0;
    if (!ratios.empty()) {
        auto p10 = ratios.begin() + ratios.size() / 10;
        std::nth_element(ratios.begin(), p10, ratios.end());
        const float floorRatio = *p10;
        for (std::size_t i = 0; i < ratio.size(); ++i)
            if (usable[i] && ratio[i] <= 1.15f * floorRatio && ratio[i] >= floorRatio / 1.15f) {
                region[i] = 1;
                ++staticCount;
            }
    }
    // Too little static background: use every usable pixel.
    if (staticCount < ratio.size() / 20) {
        region = usable;
        staticCount = countSet(usable);
    }
    // Log luminance: the lamp's smooth multiplicative change becomes a smooth additive one.
    for (std::size_t i = 0; i < lOn.size(); ++i) {
        lOn[i] = std::log(std::max(lOn[i], floorLum));
        lOff[i] = std::log(std::max(lOff[i], floorLum));
    }
    const edit::ShiftEstimate e = edit::phaseCorrelate(lOn, lOff, &region);
    r.dx = e.dx;
    r.dy = e.dy;
    r.peak = e.peak;
    r.staticFraction = double(staticCount) / double(ratio.size());
    return r;
}

} // namespace ll::capture
