#pragma once
// The colour maps of the GUI as 256-entry QRgb tables: the core's tables (colour/ColourMaps.h, matplotlib's
// RdBu_r, viridis and turbo), so panes, `eval --maps` and figures colour a map the same way.
//  - divergingMap(): RdBu_r (blue = negative, near-white = 0, red = positive)
//  - sequentialMap(): viridis
//  - turboMap(): turbo (for false-colour exposure display)
#include <QRgb>

#include <array>

namespace ll::ui {

using ColourTable = std::array<QRgb, 256>;

const ColourTable& divergingMap();
const ColourTable& sequentialMap();
const ColourTable& turboMap();

// Index for t in [0, 1] (clamped; NaN -> 0), as colourMapIndex of the core.
inline int tableIndex(float t) {
    if (!(t > 0.0f)) return 0;
    if (t >= 1.0f) return 255;
    return int(t * 255.0f + 0.5f);
}

} // namespace ll::ui
