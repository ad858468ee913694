#pragma once
// structure / misalignment: global sub-pixel shift by phase correlation over P and a local shift map
// by block matching; flags when |global| > globalShiftMax, or when the localShiftQuantile of the local
// shift magnitudes over reliable blocks exceeds localShiftMax and the reliable blocks beyond
// localShiftMax cover more than localAreaFraction of P.
// The global shift is the phase-correlation peak (of the globalPeakCandidates highest) that most
// reliable blocks vote for; it counts only when it has at least globalSupportMin of the votes. A block votes
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

// The support of each candidate global shift: every reliable block of P (textured, two-dimensional)
// votes for the candidate it matches best (searched within supportSearchRadius of the rounded
// candidate, NCC >= blockMatchNcc, within supportTolerance px per axis), and a candidate's support is
// its share of the votes. Blocks whose content a candidate moves out of the image cannot vote for it,
// so a large true shift is judged by the blocks that can still see it. `voters` receives the number of
// blocks that voted.
std::vector<double> globalShiftSupport(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                                       const std::vector<ShiftEstimate>& candidates, const UnintendedChangeParams& params,
                                       std::size_t* voters = nullptr);

MisalignmentResult checkMisalignment(const FloatPlane& lumaX, const FloatPlane& lumaY, const Mask& preserved,
                                     const UnintendedChangeParams& params);

} // namespace ll::edit
