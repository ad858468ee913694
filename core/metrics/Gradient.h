#pragma once
// Gradient magnitude for LFE (spec "LFE" step 1): M = |grad E| with central differences
// ((E[x+1] - E[x-1]) / 2 in x and y, as numpy.gradient in the interior), on E with invalid pixels set
// to 0, used only on Omega-nabla = Omega eroded by the 3x3 cross (the pixel and its 4 neighbours are
// valid; image borders count as invalid) (chosen). On Omega-nabla every difference reads valid pixels.
#include "image/Image.h"
#include "image/Plane.h"

namespace ll {

Mask gradientDomain(const Mask& omega);

// Per channel M = sqrt(gx^2 + gy^2) where `domain` is set, 0 elsewhere.
Image gradientMagnitude(const Image& E, const Mask& domain);

} // namespace ll
