#pragma once
// structure / misalignment: global sub-pixel shift by phase correlation over P and a local shift map
// by block matching; flags when |global| > globalShiftMax, or when the localShiftQuantile of the local
// shift magnitudes over textured blocks exceeds localShiftMax and the textured blocks beyond
// localShiftMax cover more than localAreaFraction of P.
#include "edit/PhaseCorrelation.h"
#include "edit/UnintendedChanges.h"

namespace ll::edit {

struct MisalignmentResult {
    CheckResult check;
    ShiftEstimate global;
    FloatPlane localShift; // per pixel: shift magnitude of its block (0 outside matched blocks)
};

MisalignmentResult checkMisalignment(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                                     const UnintendedChangeParams& params);

} // namespace ll::edit
