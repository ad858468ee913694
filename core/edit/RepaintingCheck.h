#pragma once
// structure / repainting: local NCC of the fine Laplacian bands (levels 0-1) and of the coarse bands
// (levels >= 3) of sRGB luminance; a textured pixel of P is repainted when the fine NCC is low while
// the coarse NCC is high (the layout kept, the detail redrawn). Flags when the repainted area exceeds
// repaintedAreaFraction of P. The coarse NCC is stabilised with SSIM's C3 so flat areas count as agreeing.
#include "edit/UnintendedChanges.h"

namespace ll::edit {

struct RepaintingResult {
    CheckResult check;
    FloatPlane fineNcc;
    Mask repainted;
};

RepaintingResult checkRepainting(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                                 const UnintendedChangeParams& params);

} // namespace ll::edit
