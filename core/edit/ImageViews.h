#pragma once
// The derived signals of one linear image that the edit scores read, computed once per image.
#include "colour/ColourConfig.h"
#include "edit/Lab.h"
#include "image/Image.h"
#include "image/Plane.h"

namespace ll::edit {

struct ImageViews {
    Image srgb;           // sRGB encoding of clamp(linear, 0, 1) through the ColourConfig
    FloatPlane luma;      // "sRGB luminance": Rec.709 weights on the sRGB-encoded values, [0, 1]
    FloatPlane luminance; // Rec.709 luminance of the linear values
    LabImage lab;         // CIELAB (D65) of the linear values
};

ImageViews makeViews(const Image& linear, const ColourConfig& colour);

} // namespace ll::edit
