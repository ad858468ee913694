#include "edit/MisalignmentCheck.h"

#include "edit/BlockMatching.h"

#include <algorithm>
#include <cmath>

namespace ll::edit {

namespace {

BlockMatchParams blockParams(const UnintendedChangeParams& p) {
    BlockMatchParams bp;
    bp.blockSize = p.blockSize;
    bp.searchRadius = p.searchRadius;
    bp.textureStd = p.blockTextureStd;
    return bp;
}

} // namespace

bool reliableBlock(const BlockShift& b, const UnintendedChangeParams& p) {
    return b.textured && b.minEigen >= p.blockMinEigen && b.ncc >= p.blockMatchNcc;
}

double globalShiftSupport(const FloatPlane& lx, const FloatPlane& ly, const Mask& P, const ShiftEstimate& s,
                          const UnintendedChangeParams& p, std::size_t* textured) {
    BlockMatchParams bp = blockParams(p);
    bp.centreX = int(std::lround(s.dx));
    bp.centreY = int(std::lround(s.dy));
    bp.searchRadius = p.supportSearchRadius;
    std::size_t n = 0, agree = 0;
    for (const auto& b : matchBlocks(lx, ly, &P, bp)) {
        if (!b.textured || b.minEigen < p.blockMinEigen) continue;
        ++n;
        if (b.ncc >= p.blockMatchNcc && std::abs(b.dx - s.dx) <= p.supportTolerance &&
            std::abs(b.dy - s.dy) <= p.supportTolerance)
            ++agree;
    }
    if (textured) *textured = n;
    return n ? double(agree) / double(n) : 0.0;
}

MisalignmentResult checkMisalignment(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                     const UnintendedChangeParams& p) {
    MisalignmentResult r;
    // Global shift: the phase-correlation peak that most textured blocks agree with. A copied region
    // makes a second peak at its offset that can outgrow the true one under the window's weighting.
    const auto peaks = phaseCorrelationPeaks(lx, ly, &P, std::size_t(std::max(1, p.globalPeakCandidates)));
    nlohmann::json candidates = nlohmann::json::array();
    double bestSupport = -1;
    std::size_t supportBlocks = 0;
    for (const auto& pk : peaks) {
        std::size_t n = 0;
        const double support = globalShiftSupport(lx, ly, P, pk, p, &n);
        candidates.push_back({{"dx", pk.dx}, {"dy", pk.dy}, {"peak", pk.peak}, {"support", support}});
        if (support > bestSupport) {
            bestSupport = support;
            r.global = pk;
            supportBlocks = n;
        }
    }
    // Without textured blocks the peak cannot be checked and is kept; an unsupported peak is not a shift.
    const bool supported = supportBlocks == 0 || bestSupport >= p.globalSupportMin;
    const ShiftEstimate peak = r.global;
    if (!supported) r.global = ShiftEstimate{0, 0, peak.peak};
    const double g = std::hypot(r.global.dx, r.global.dy);

    const auto blocks = matchBlocks(lx, ly, &P, blockParams(p));
    r.localShift = FloatPlane(lx.width(), lx.height(), 0.0f);
    std::vector<double> mags;
    std::size_t beyondArea = 0, reliableBlocks = 0, texturedBlocks = 0;
    nlohmann::json beyondBlocks = nlohmann::json::array();
    for (const auto& b : blocks) {
        const double mag = std::hypot(b.dx, b.dy);
        const bool reliable = reliableBlock(b, p);
        texturedBlocks += b.textured;
        if (!reliable) continue;
        for (int j = 0; j < p.blockSize; ++j)
            for (int i = 0; i < p.blockSize; ++i) r.localShift(b.x0 + i, b.y0 + j) = float(mag);
        ++reliableBlocks;
        // A shift is only believed when it explains the block clearly better than no shift.
        const double believed = (b.ncc - b.nccAtCentre >= p.blockNccGain) ? mag : 0.0;
        mags.push_back(believed);
        if (believed > p.localShiftMax) {
            beyondArea += std::size_t(p.blockSize) * p.blockSize;
            beyondBlocks.push_back({{"x0", b.x0}, {"y0", b.y0}, {"dx", b.dx}, {"dy", b.dy}, {"ncc", b.ncc},
                                    {"ncc_no_shift", b.nccAtCentre}, {"min_eigen", b.minEigen}});
        }
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
    const bool localFlag = q && *q > p.localShiftMax && beyondFraction > p.localAreaFraction &&
                           beyondBlocks.size() >= std::size_t(std::max(1, p.localMinBlocks));

    CheckResult& c = r.check;
    c.name = "misalignment";
    c.dimension = "structure";
    c.value = g;
    c.measure = "global shift magnitude (px) by phase correlation over P, the peak supported by the most textured "
                "blocks; local shifts by " + std::to_string(p.blockSize) + "-px block matching with NCC over "
                "reliable blocks (std >= " + std::to_string(p.blockTextureStd) + ", structure-tensor min eigenvalue >= " +
                std::to_string(p.blockMinEigen) + ", best NCC >= " + std::to_string(p.blockMatchNcc) + ")";
    c.rule = "|global| > " + std::to_string(p.globalShiftMax) + " px (a peak counts when at least " +
             std::to_string(int(std::lround(p.globalSupportMin * 100))) + "% of the textured blocks agree), or the " +
             std::to_string(int(std::lround(p.localShiftQuantile * 100))) + "th percentile of local shifts over reliable "
             "blocks > " + std::to_string(p.localShiftMax) + " px with those blocks covering more than " +
             std::to_string(p.localAreaFraction * 100) + "% of P and numbering at least " + std::to_string(p.localMinBlocks) +
             " (a block's shift counts when its NCC exceeds the NCC at "
             "no shift by " + std::to_string(p.blockNccGain) + ")";
    c.flagged = globalFlag || localFlag;
    c.details = {{"global_dx", r.global.dx},
                 {"global_dy", r.global.dy},
                 {"global_peak", r.global.peak},
                 {"global_support", bestSupport >= 0 ? nlohmann::json(bestSupport) : nlohmann::json(nullptr)},
                 {"global_supported", supported},
                 {"global_candidates", candidates},
                 {"local_quantile_shift", q ? nlohmann::json(*q) : nlohmann::json(nullptr)},
                 {"blocks", blocks.size()},
                 {"textured_blocks", texturedBlocks},
                 {"reliable_blocks", reliableBlocks},
                 {"local_beyond_fraction", beyondFraction},
                 {"local_beyond_blocks", beyondBlocks},
                 {"global_flag", globalFlag},
                 {"local_flag", localFlag}};
    return r;
}

} // namespace ll::edit
