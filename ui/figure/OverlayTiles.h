#pragma once
// Label tiles of a grid:
//  - the intensity bands (paper Fig. 12): each pixel in the colour of its band (metrics/MapPalette.h,
//    inferno, brightest band palest), pixels without a band black;
//  - annotations (paper Fig. 16): the class masks filled with their class colours
//    (figure/ClassColour.h) at an opacity over an image, classes drawn in name order.
#include "image/Plane.h"

#include <QColor>
#include <QImage>
#include <QString>

#include <map>
#include <string>
#include <vector>

namespace ll::figure {

// The colour of band `index` of `count`, and of pixels without a band.
QColor bandMapColour(std::size_t index, std::size_t count);
QColor noBandColour();

QImage bandMapImage(const Plane<std::uint8_t>& labels, std::size_t bandCount);

// `base` with every class mask (same size as base) blended in: (1 - opacity) base + opacity colour.
// `drawn` receives the classes that cover at least one pixel.
QImage annotationOverlayImage(const QImage& base, const std::map<std::string, Mask>& classes, double opacity,
                              std::vector<std::string>* drawn = nullptr);

} // namespace ll::figure
