#pragma once
// Tick marks of a colour bar: at rounded ("nice") values inside the bar's range, with the steps of
// NiceTicks.h (1, 2, 2.5, 5 x 10^k, as matplotlib's MaxNLocator), never at the range's own ends
// unless those are nice. The range is the data's (a percentile, say +-2.8): only the labels round.
#include "figure/ColourMap.h"
#include "figure/NiceTicks.h"

#include <QFont>
#include <QPaintDevice>

namespace ll::figure {

struct ColourBarTicks {
    Ticks ticks;
    double fontScale = 1.0; // of the tick font: below 1 on bars too short for two labels at full size
};

// As many ticks (about 5 intervals at most) as leave a gap between their labels on a bar `width`
// points long, in `font` on `device`. When not even two fit, the font shrinks (not below `minScale`
// of its size) before the bar makes do with fewer.
ColourBarTicks colourBarTicks(ValueRange range, double width, const QFont& font, const QPaintDevice* device, double minScale);

} // namespace ll::figure
