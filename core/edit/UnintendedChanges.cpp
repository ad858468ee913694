#include "edit/UnintendedChanges.h"

#include "edit/LowLevelChecks.h"
#include "edit/MisalignmentCheck.h"
#include "edit/Morphology.h"
#include "edit/PhaseCorrelation.h"
#include "edit/RepaintingCheck.h"
#include "edit/SemanticCandidates.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

const CheckResult* UnintendedChangeReport::check(const std::string& name) const {
    for (const auto& c : checks)
        if (c.name == name) return &c;
    return nullptr;
}

const DimensionVerdict* UnintendedChangeReport::verdict(const std::string& dimension) const {
    for (const auto& v : verdicts)
        if (v.dimension == dimension) return &v;
    return nullptr;
}

Mask preservedRegion(const std::optional<Mask>& mask, int width, int height, double fraction) {
    if (!mask) return Mask(width, height, 1);
    const double r = fraction * std::hypot(double(width), double(height));
    return invertMask(dilateDisk(*mask, r));
}

UnintendedChangeReport analyseUnintendedChanges(const EditCase& c, const ImageViews& x, const ImageViews& y,
                                                const ColourConfig& colour, const UnintendedChangeParams& p) {
    UnintendedChangeReport rep;
    const int w = c.input.width(), h = c.input.height();
    const Mask P = preservedRegion(c.mask, w, h, p.preservedDilation);
    rep.wholeImage = !c.mask;
    rep.preservedPixels = countSet(P);
    {
        FloatPlane pm(w, h);
        for (std::size_t i = 0; i < P.size(); ++i) pm[i] = P[i];
        rep.maps["preserved_region"] = std::move(pm);
    }

    MisalignmentResult mis = checkMisalignment(x.luma, y.luma, P, p);
    rep.maps["local_shift"] = std::move(mis.localShift);

    // Undo a global shift before the other checks, so a shifted image is not also read as repainted,
    // blurred or changed; the wrap-around border of the Fourier shift leaves the region.
    const ImageViews* ya = &y;
    ImageViews shifted;
    Image alignedEdit;
    Mask Pa = P;
    if (std::hypot(mis.global.dx, mis.global.dy) > p.compensateShiftAbove) {
        rep.compensatedDx = mis.global.dx;
        rep.compensatedDy = mis.global.dy;
        alignedEdit = fourierShift(c.edit, -mis.global.dx, -mis.global.dy);
        shifted = makeViews(alignedEdit, colour);
        ya = &shifted;
        const int border = int(std::ceil(std::max(std::abs(mis.global.dx), std::abs(mis.global.dy)))) + 3;
        Pa = withoutBorder(P, border);
    }
    const Image& yl = ya == &y ? c.edit : alignedEdit;
    rep.checks.push_back(std::move(mis.check));

    RepaintingResult rp = checkRepainting(x.luma, ya->luma, Pa, p);
    rep.maps["fine_ncc"] = std::move(rp.fineNcc);
    rep.checks.push_back(std::move(rp.check));

    rep.checks.push_back(checkBlur(x.luma, ya->luma, Pa, p));
    rep.checks.push_back(checkNoise(x.luma, ya->luma, Pa, p));
    rep.checks.push_back(checkColourCast(x, c.input, yl, Pa, p));
    rep.checks.push_back(checkExposure(x, *ya, Pa, p));
    rep.checks.push_back(checkArtifact(x.luma, ya->luma, Pa, p));

    SemanticResult sem = findChangeCandidates(x, *ya, Pa, p);
    rep.maps["change"] = std::move(sem.change);
    rep.candidates = std::move(sem.candidates);
    rep.checks.push_back(std::move(sem.check));

    for (const char* dim : {"semantic", "structure", "low-level"}) {
        DimensionVerdict v;
        v.dimension = dim;
        for (const auto& ch : rep.checks) {
            if (ch.dimension != dim || !ch.flagged) continue;
            if (ch.name == "semantic") {
                for (const char* label : {"add", "remove", "replace"})
                    if (std::any_of(rep.candidates.begin(), rep.candidates.end(),
                                    [&](const ChangeCandidate& cc) { return cc.label == label; }))
                        v.problems.push_back(label);
            } else {
                v.problems.push_back(ch.name);
            }
        }
        v.consistent = v.problems.empty();
        rep.verdicts.push_back(std::move(v));
    }
    return rep;
}

} // namespace ll::edit
