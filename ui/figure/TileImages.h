#pragma once
// Turning LightLens rasters into the 8-bit tiles of a figure.
//  - display-encoded LDR images (model inputs and edits, values in [0,1]) are quantised as they are;
//  - scene-linear HDR images are tone-mapped: multiplied by an exposure, then encoded for display
//    (lin_rec709 -> srgb_display, which clamps to [0,1]) through the core ColourConfig (OpenColorIO);
//  - ratio images E = I_t / I_ref are scale-free: each is divided by the `percentile` of its
//    per-pixel channel mean over the valid pixels and then encoded like HDR; excluded pixels are black.
#include "colour/ColourConfig.h"
#include "image/Image.h"
#include "image/Plane.h"

#include <QImage>

namespace ll::figure {

QImage encodedToImage(const Image& encoded);

QImage toneMapHdr(const Image& linear, double exposure, const ColourConfig& colour);

QImage ratioToImage(const Image& ratio, const Mask* valid, const ColourConfig& colour, double percentile = 99.0);

// A mask as a tile: set pixels light grey, clear pixels black.
QImage maskToImage(const Mask& mask);

} // namespace ll::figure
