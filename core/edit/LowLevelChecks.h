#pragma once
// low-level checks of the StableI2I taxonomy over the preserved region P, each a classical measure:
//   blur                  Laplacian level-0 energy ratio y / x
//   noise                 Immerkaer noise sigma of y minus that of x (sRGB luma)
//   color cast            shift of the mean (a*, b*) over P, after scaling y to x's mean luminance
//   exposure degradation  mean L* shift, RMS contrast (std of L*) ratio, clipped pixels gained
//   artifact              8x8 blockiness ratio y / x
#include "edit/ImageViews.h"
#include "edit/UnintendedChanges.h"

namespace ll::edit {

CheckResult checkBlur(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& P, const UnintendedChangeParams& p);
CheckResult checkNoise(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& P, const UnintendedChangeParams& p);
// `editLinear` is y (aligned) in linear Rec.709; x's Lab comes from its views.
CheckResult checkColourCast(const ImageViews& x, const Image& inputLinear, const Image& editLinear, const Mask& P,
                            const UnintendedChangeParams& p);
CheckResult checkExposure(const ImageViews& x, const ImageViews& y, const Mask& P, const UnintendedChangeParams& p);
CheckResult checkArtifact(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& P, const UnintendedChangeParams& p);

} // namespace ll::edit
