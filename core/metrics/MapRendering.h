#pragma once
// Colour-mapped PNG renderings of the metric maps, each with a legend strip drawn below the image:
//  - signed maps (SIE, LFE): diverging blue-white-red over a symmetric range [-m, m], m = P99 of |value|
//    over the valid pixels (type 7); red = positive; excluded pixels black; the legend shows the
//    range and what each sign means;
//  - unsigned maps (ratio images): a sequential map over [P1, P99] of the valid values;
//  - label planes (exclusion reasons, intensity bands): one colour per label with a key.
#include "image/Plane.h"
#include "metrics/BitmapFont.h"

#include <string>
#include <vector>

namespace ll {

// The core's colour maps (colour/ColourMaps.h), shared with the GUI and the figures.
Rgb8 divergingColour(double t); // t in [-1, 1]: RdBu_r, blue (-1), white (0), red (+1)
Rgb8 sequentialColour(double t); // t in [0, 1]: viridis, dark blue to yellow

// The symmetric range used for a signed map: P99 of |v| over valid pixels (1 when that is 0).
double symmetricRange(const FloatPlane& v, const Mask& valid);

Canvas renderSignedMap(const FloatPlane& v, const Mask& valid, const std::string& title,
                       const std::string& positiveMeaning, const std::string& negativeMeaning);
Canvas renderSequentialMap(const FloatPlane& v, const Mask& valid, const std::string& title);

struct LabelKey {
    std::string name;
    Rgb8 colour;
};
// Pixels with a label >= keys.size() are black.
Canvas renderLabels(const Plane<std::uint8_t>& labels, const std::vector<LabelKey>& keys, const std::string& title);

// The intensity bands (keys such as "16-100", brightest first) as labels in the bands' palette
// (metrics/MapPalette.h: inferno, brightest palest), pixels without a band black (paper Fig. 12).
Canvas renderBands(const Plane<std::uint8_t>& labels, const std::vector<std::string>& bandKeys);

} // namespace ll
