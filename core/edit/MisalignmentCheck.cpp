#include "edit/MisalignmentCheck.h"

#include "edit/BlockMatching.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

MisalignmentResult checkMisalignment(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                     const UnintendedChangeParams& p) {
    MisalignmentResult r;
    r.global = phaseCorrelate(lx, ly, &P);
    const double g = std::hypot(r.global.dx, r.global.dy);

    BlockMatchParams bp;
    bp.blockSize = p.blockSize;
    bp.searchRadius = p.searchRadius;
    bp.textureStd = p.blockTextureStd;
    const auto blocks = matchBlocks(lx, ly, &P, bp);
    r.localShift = FloatPlane(lx.width(), lx.height(), 0.0f);
    std::vector<double> mags;
    std::size_t beyondArea = 0, texturedBlocks = 0;
    for (const auto& b : blocks) {
        const double mag = std::hypot(b.dx, b.dy);
        for (int j = 0; j < p.blockSize; ++j)
            for (int i = 0; i < p.blockSize; ++i) r.localShift(b.x0 + i, b.y0 + j) = float(mag);
        if (!b.textured) continue;
        ++texturedBlocks;
        mags.push_back(mag);
        if (mag > p.localShiftMax) beyondArea += std::size_t(p.blockSize) * p.blockSize;
    }
    std::optional<double> q;
    if (!mags.empty()) {
        std::sort(mags.begin(), mags.end());
        const double pos = p.localShiftQuantile * double(mags.size() - 1);
        const std::size_t i0 = std::size_t(pos), i1 = std::min(i0 + 1, mags.size() - 1);
        q = mags[i0] + (pos - double(i0)) * (mags[i1] - mags[i0]);
    }
    const std::size_t pn = countSet(P);
    const double beyondFraction = pn ? double(beyondArea) / double(pn) : 0.0;
    const bool globalFlag = g > p.globalShiftMax;
    const bool localFlag = q && *q > p.localShiftMax && beyondFraction > p.localAreaFraction;

    CheckResult& c = r.check;
    c.name = "misalignment";
    c.dimension = "structure";
    c.value = g;
    c.measure = "global shift magnitude (px) by phase correlation over P; local shifts by 32-px block matching with NCC";
    c.rule = "|global| > " + std::to_string(p.globalShiftMax) + " px, or the " +
             std::to_string(int(std::lround(p.localShiftQuantile * 100))) + "th percentile of local shifts over textured "
             "blocks > " + std::to_string(p.localShiftMax) + " px with those blocks covering more than " +
             std::to_string(p.localAreaFraction * 100) + "% of P";
    c.flagged = globalFlag || localFlag;
    c.details = {{"global_dx", r.global.dx},
                 {"global_dy", r.global.dy},
                 {"global_peak", r.global.peak},
                 {"local_quantile_shift", q ? nlohmann::json(*q) : nlohmann::json(nullptr)},
                 {"blocks", blocks.size()},
                 {"textured_blocks", texturedBlocks},
                 {"local_beyond_fraction", beyondFraction},
                 {"global_flag", globalFlag},
                 {"local_flag", localFlag}};
    return r;
}

} // namespace ll::edit
