#pragma once
// The two luminance signals of the edit scores.
//   rec709Luminance: Y = 0.2126 R + 0.7152 G + 0.0722 B of scene-linear Rec.709 RGB (harmony, spec).
//   srgbLuma: the same weights applied to the sRGB-encoded values (the encoding goes through the
//             ColourConfig, "lin_rec709" -> "srgb", after clamping to [0, 1]); a perceptual signal in
//             [0, 1] on which SSIM, PSNR and the texture checks are computed ("sRGB luminance").
#include "colour/ColourConfig.h"
#include "image/Image.h"
#include "image/Plane.h"

namespace ll::edit {

inline constexpr float kRec709Weights[3] = {0.2126f, 0.7152f, 0.0722f};

FloatPlane rec709Luminance(const Image& linear);

// linear clamped to [0, 1] (non-finite -> 0), then encoded to sRGB through `colour`.
Image encodeSrgb(const Image& linear, const ColourConfig& colour);

// Rec.709-weighted sum of an already sRGB-encoded image.
FloatPlane lumaOfEncoded(const Image& encoded);

} // namespace ll::edit
