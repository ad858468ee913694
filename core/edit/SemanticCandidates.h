#pragma once
// semantic: a candidate list of changed regions inside P. The change evidence is
// max((1 - SSIM) / changeSsim, dE00 / changeDeltaE) smoothed with a Gaussian; pixels above 1 are
// changed; 8-connected components larger than minComponentFraction of the image are kept, each with
// its bounding box and a candidate label from texture alone: "add" where y gains texture over a flat
// area of x, "remove" for the reverse, "replace" otherwise. This is a list of places to look at,
// not a semantic judgement.
#include "edit/ImageViews.h"
#include "edit/UnintendedChanges.h"

namespace ll::edit {

struct SemanticResult {
    CheckResult check;
    std::vector<ChangeCandidate> candidates;
    FloatPlane change; // the smoothed change evidence (1 = threshold)
};

SemanticResult findChangeCandidates(const ImageViews& x, const ImageViews& y, const Mask& P,
                                    const UnintendedChangeParams& params);

} // namespace ll::edit
