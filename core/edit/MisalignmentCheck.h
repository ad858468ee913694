#pragma once
// structure / misalignment: global sub-pixel shift by phase correlation over P and a local shift map
// by block matching; flags when |global| > globalShiftMax, or when the localShiftQuantile of the local
// shift magnitudes over reliable blocks exceeds localShiftMax and the reliable blocks beyond
// localShiftMax cover more than localAreaFraction of P.
// The global shift is the phase-correlation peak (of the globalPeakCandidates highest) that most
// textured blocks agree with; it counts only when at least globalSupportMin of them do. A block votes
// on local misalignment only when it is reliable: textured (std), two-dimensional (structure-tensor
// min eigenvalue), and well matched (best NCC >= blockMatchNcc); its shift is believed only when it
// beats no shift by blockNccGain of NCC. So compression, noise, exposure changes and added or removed
// objects, which lower the match without moving anything, do not read as misalignment.
#include "edit/BlockMatching.h"
#include "edit/PhaseCorrelation.h"
#include "edit/UnintendedChanges.h"

namespace ll::edit {

struct MisalignmentResult {
    CheckResult check;
    ShiftEstimate global;
    FloatPlane localShift; // per pixel: shift magnitude of its block (0 outside matched blocks)
};

// A block whose shift can be trusted (see above).
bool reliableBlock(const BlockShift& block, const UnintendedChangeParams& params);

// Share of the textured, two-dimensional blocks of P whose match (searched within supportSearchRadius of
// the rounded shift) has NCC >= blockMatchNcc and lies within supportTolerance px of `shift` per axis.
// `texturedBlocks` receives the number of blocks considered.
double globalShiftSupport(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                          const ShiftEstimate& shift, const UnintendedChangeParams& params,
                          std::size_t* texturedBlocks = nullptr);

MisalignmentResult checkMisalignment(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                                     const UnintendedChangeParams& params);

} // namespace ll::edit
