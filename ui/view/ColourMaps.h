#pragma once
// Colour maps for false-colour display, as 256-entry RGB tables (QRgb) built from published
// control points with linear interpolation in sRGB:
//  - diverging(): ColorBrewer RdBu reversed (blue = negative, near-white = 0, red = positive)
//  - sequential(): viridis
//  - turbo(): Google's Turbo (for false-colour exposure display)
#include <QRgb>

#include <array>

namespace ll::ui {

using ColourTable = std::array<QRgb, 256>;

const ColourTable& divergingMap();
const ColourTable& sequentialMap();
const ColourTable& turboMap();

// Index for t in [0, 1] (clamped; NaN -> 0).
inline int tableIndex(float t) {
    if (!(t > 0.0f)) return 0;
    if (t >= 1.0f) return 255;
    return int(t * 255.0f + 0.5f);
}

} // namespace ll::ui
