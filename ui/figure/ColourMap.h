#pragma once
// False-colour rendering of scalar maps for figures.
//  - diverging: matplotlib's RdBu_r, blue = negative, near-white = 0, red = positive, the convention
//    of the 3DLP paper's error maps (red: reality has relatively more light there).
//  - sequential: viridis.
// Both are the core's tables (colour/ColourMaps.h), shared with the GUI and `eval --maps`.
// Excluded pixels (mask 0) and non-finite values are drawn black.
#include "image/Plane.h"

#include <QImage>
#include <QRgb>

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace ll::figure {

enum class ColourMapKind { Diverging, Sequential };

using ColourTable = std::array<QRgb, 256>;
const ColourTable& colourTable(ColourMapKind kind);

// The colour of value t in [0, 1] (clamped).
QRgb colourAt(ColourMapKind kind, double t);

struct ValueRange {
    double lo = 0.0;
    double hi = 1.0;
};

// Symmetric range [-r, r] with r the `percentile` (type 7) of |value| over pixels that are finite and
// set in `valid` (all finite pixels when valid is null). r = 1 when there are none or r is 0.
double symmetricExtent(const FloatPlane& map, const Mask* valid, double percentile = 99.0);

// The same over several maps together (a shared colour bar): the percentile of |value| over the
// valid pixels of all of them.
double symmetricExtent(const std::vector<std::pair<const FloatPlane*, const Mask*>>& maps, double percentile = 99.0);

// Colour-maps `map` to an RGB32 image: value v -> table[(v - lo) / (hi - lo)], black where invalid.
QImage colourMapImage(const FloatPlane& map, const Mask* valid, ColourMapKind kind, ValueRange range);

} // namespace ll::figure
