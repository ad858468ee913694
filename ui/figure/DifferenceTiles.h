#pragma once
// Difference images of a grid (paper Fig. 6): the real difference I_on - I_off and the edit's
// difference from its input, both in the scene's linear units, shown one of two ways:
//  - "exposure": |difference| tone-mapped like the real image (scene k times 2^exposure, sRGB display
//    encoding), so the light a probe adds reads as a lit image on black;
//  - "signed": k 2^exposure mean_c(difference) on the diverging map, zero white, over a symmetric
//    range shared by the difference columns (one colour bar).
#include "colour/ColourConfig.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <QImage>

#include <string>

namespace ll::figure {

// a - b per channel; a and b must have the same size (else ll::Error naming `subject`).
Image differenceImage(const Image& a, const Image& b, const std::string& subject);

// |d| per channel, tone-mapped with `exposure` (the factor, k 2^stops) through ColourConfig.
QImage absoluteDifferenceImage(const Image& d, double exposure, const ColourConfig& colour);

// exposure * mean_c d per pixel: the value the signed tile colours (non-finite pixels stay NaN).
FloatPlane signedDifferencePlane(const Image& d, double exposure);

} // namespace ll::figure
