#include "figure/ColourBarTicks.h"

#include "figure/NumberText.h"
#include "figure/TextMetrics.h"

#include <algorithm>
#include <vector>

namespace ll::figure {

namespace {

constexpr double kLabelGap = 3.0; // points between neighbouring tick labels at full size

} // namespace

ColourBarTicks colourBarTicks(ValueRange range, double width, const QFont& font, const QPaintDevice* device, double minScale) {
    const double lo = range.lo, hi = range.hi;
    const TextMetrics metrics(font, device);
    // Full size, then 10% steps down, then the smallest size itself.
    std::vector<double> scales;
    for (double scale = 1.0; scale > minScale + 1e-9; scale -= 0.1) scales.push_back(scale);
    scales.push_back(std::min(1.0, minScale));
    for (double scale : scales) {
        for (int target = 5; target >= 2; --target) {
            const Ticks t = ticksInRange(lo, hi, target);
            if (t.values.size() < 2) continue;
            double widest = 0.0;
            for (double v : t.values) widest = std::max(widest, metrics.horizontalAdvance(tickText(v, t.step)));
            if (width * t.step / (hi - lo) >= (widest + kLabelGap) * scale) return {t, scale};
        }
    }
    return {ticksInRange(lo, hi, 1), 1.0};
}

} // namespace ll::figure
