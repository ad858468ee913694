#pragma once
// Ratio images (spec "Ratio images"): E = numerator / denominator per channel, computed where Omega is
// set and 0 elsewhere (the LFE gradient uses E with invalid pixels set to 0).
//   turn-on:  E_R = I_on / I_off,  E_G = G / I_off
//   turn-off: E_R = I_off / I_on,  E_G = G / I_on
#include "image/Image.h"
#include "image/Plane.h"

namespace ll {

Image ratioImage(const Image& numerator, const Image& denominator, const Mask& omega);

} // namespace ll
