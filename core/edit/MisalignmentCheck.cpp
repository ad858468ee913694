#include "edit/MisalignmentCheck.h"
#include "util/Percentile.h"

#include "edit/BlockMatching.h"

#include <algorithm>
#include <cmath>
#include <map>

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

std::vector<double> globalShiftSupport(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                       const std::vector<ShiftEstimate>& candidates, const UnintendedChangeParams& p,
                                       std::size_t* voters) {
    // One grid of blocks for every candidate (the grid depends on the search radius only).
    std::vector<std::vector<BlockShift>> matched;
    for (const auto& c : candidates) {
        BlockMatchParams bp = blockParams(p);
        bp.centreX = int(std::lround(c.dx));
        bp.centreY = int(std::lround(c.dy));
        bp.searchRadius = p.supportSearchRadius;
        matched.push_back(matchBlocks(lx, ly, &P, bp));
    }
    std::map<std::pair<int, int>, std::pair<std::size_t, double>> vote; // block -> (candidate, ncc)
    for (std::size_t k = 0; k < candidates.size(); ++k)
        for (const auto& b : matched[k]) {
            if (!reliableBlock(b, p)) continue;
            if (std::abs(b.dx - candidates[k].dx) > p.supportTolerance || std::abs(b.dy - candidates[k].dy) > p.supportTolerance)
                continue;
            auto [it, fresh] = vote.try_emplace({b.x0, b.y0}, k, b.ncc);
            if (!fresh && b.ncc > it->second.second) it->second = {k, b.ncc};
        }
    std::vector<double> support(candidates.size(), 0.0);
    for (const auto& [block, v] : vote) support[v.first] += 1.0;
    for (auto& s : support) s = vote.empty() ? 0.0 : s / double(vote.size());
    if (voters) *voters = vote.size();
    return support;
}

MisalignmentResult checkMisalignment(const FloatPlane& lx, const FloatPlane& ly, const Mask& P,
                                     const UnintendedChangeParams& p) {
    MisalignmentResult r;
    // Global shift: the candidate most reliable blocks vote for. A copied region makes a second peak at
    // its offset that can outgrow the true one under the window's weighting.
    auto peaks = phaseCorrelationPeaks(lx, ly, &P, std::size_t(std::max(1, p.globalPeakCandidates)));
    // "No shift" always stands as a candidate, also when a dominant copy hides its peak.
    if (std::none_of(peaks.begin(), peaks.end(), [&](const ShiftEstimate& e) {
            return std::abs(e.dx) <= p.supportTolerance && std::abs(e.dy) <= p.supportTolerance;
        }))
        peaks.push_back(ShiftEstimate{0, 0, 0});
    std::size_t voters = 0;
    const std::vector<double> support = globalShiftSupport(lx, ly, P, peaks, p, &voters);
    nlohmann::json candidates = nlohmann::json::array();
    double bestSupport = -1;
    for (std::size_t k = 0; k < peaks.size(); ++k) {
        candidates.push_back({{"dx", peaks[k].dx}, {"dy", peaks[k].dy}, {"peak", peaks[k].peak}, {"support", support[k]}});
        if (support[k] > bestSupport) {
            bestSupport = support[k];
            r.global = peaks[k];
        }
    }
    // Without voting blocks the peak cannot be checked and is kept; an unsupported peak is not a shift.
    const bool supported = voters == 0 || bestSupport >= p.globalSupportMin;
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
        q = percentileInPlace(mags, 100.0 * p.localShiftQuantile); // util/Percentile.h
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
    c.rule = "|global| > " + std::to_string(p.globalShiftMax) + " px (of the highest phase-correlation peaks and no shift, the candidate most reliable blocks match; it counts "
             "with at least " + std::to_string(int(std::lround(p.globalSupportMin * 100))) + "% of their votes), or the " +
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
                 {"global_voting_blocks", voters},
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
