#pragma once
// Display-only cleaning of a label image before its region boundaries are drawn: on a noisy image,
// per-pixel intensity bands form islands of a few pixels whose outlines read as speckle. Every
// 4-connected region of one label smaller than `minArea` pixels takes the label most of its outside
// neighbours have (among regions that are kept, when there are any). The scores never see this: they
// use the labels as they are.
#include "image/Plane.h"

#include <cstddef>
#include <cstdint>

namespace ll::ui {

Plane<std::uint8_t> despeckleLabels(const Plane<std::uint8_t>& labels, std::size_t minArea);

// The island size under which the band contours of a w x h image are not drawn: 1/20000 of the
// image, at least 16 pixels (51 pixels at 1248 x 832).
std::size_t contourMinArea(int width, int height);

} // namespace ll::ui
