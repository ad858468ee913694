// validityStage (EvalRun.h), spec "Validity mask": the light signal L and the blur-free exclusion
// reasons in one pass, the low-signal test on the blurred L (P99 over a stratified sample refined by
// BracketSelect), then the final reasons, Omega, the counts and the band maximum max_P(L); in that
// last pass the medians and MADs of E_R,c and E_G,c over Omega are bracketed (ws.select sets 0-11,
// read by standardisationStage).
#include "metrics/EvalRun.h"

#include "metrics/EvalRowKernels.h"
#include "metrics/EvalRows.h"
#include "metrics/LowSignalMask.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace ll {
namespace {

// The light signal L (LightSignal.h) and the first failing reason among those that do not need the
// blur (non_finite, non_positive_denominator, clipped_real, clipped_edit; else window or valid), in one
// pass over the images: per row, L and the tests of each pixel (EvalRowKernels.h).
void lightAndReasons(EvalRun& run) {
    const EvalInputs& in = run.in;
    EvalWorkspace& ws = run.ws;
    const Image& on = run.on;
    const Image& off = run.off;
    const EditPixels& edit = run.edit;
    const Image& den = run.denominator;
    const int W = run.W, H = run.H;
    const Mask* winA = in.window;
    const auto wr = in.regionMasks().find("window");
    const Mask* winB = wr != in.regionMasks().end() ? &wr->second : nullptr;
    const std::optional<float> clip = in.clipLevel;
    const std::optional<float> editLevel = run.params.editClipLevel;
    const bool useLevel = !in.editClipped && !in.editCodes && editLevel;
    const int clipCode = run.params.editClipCode;
    const float k = in.k;
    ws.rowPairMax.assign(std::size_t(H), 0.0);
    tbb::parallel_for(0, H, [&](int y) {
        const float* a = on.pixel(0, y);
        const float* b = off.pixel(0, y);
        const float* d = den.pixel(0, y);
        const std::size_t i0 = std::size_t(y) * std::size_t(W);
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        const float* g = edit.row(y, sc.editRow);
        sc.flags.resize(std::size_t(W));
        const float* L = in.light ? in.light->row(y) : ws.light.row(y);
        if (!in.light) lightSpan(a, b, W, ws.light.row(y)); // finite (0 where the pair is not)
        pixelFlagsSpan(a, b, g, d, W, clip ? *clip : INFINITY, useLevel, k, useLevel ? *editLevel : INFINITY,
                       sc.flags.data());
        // The edit's clipping and the window as one byte per pixel (null: from the flags / none).
        const std::uint8_t* clipped = in.editClipped ? in.editClipped->row(y) : nullptr;
        if (!clipped && in.editCodes) {
            sc.editClipped.resize(std::size_t(W));
            codesEqualSpan(in.editCodes->rgb.data() + i0 * 3, W, clipCode, sc.editClipped.data());
            clipped = sc.editClipped.data();
        }
        const std::uint8_t* window = winA ? winA->row(y) : nullptr;
        if (winB) {
            if (window) {
                sc.window.resize(std::size_t(W));
                const std::uint8_t* wB = winB->row(y);
                for (int x = 0; x < W; ++x) sc.window[std::size_t(x)] = window[x] | wB[x];
                window = sc.window.data();
            } else {
                window = winB->row(y);
            }
        }
        const double pairMax = firstReasonsSpan(sc.flags.data(), clipped, window, L, W, ws.reason.row(y));
        ws.rowPairMax[std::size_t(y)] = pairMax;
    });
}

// The final reason: the blur-free reasons 1-4 first, then low signal, then window.
inline std::uint8_t finalReason(std::uint8_t prelim, bool low) {
    if (prelim != 0 && prelim != std::uint8_t(ExclusionReason::Window)) return prelim;
    return low ? std::uint8_t(ExclusionReason::LowSignal) : prelim;
}

} // namespace

void validityStage(EvalRun& run) {
    const EvalInputs& in = run.in;
    const MetricParams& params = run.params;
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
    const int W = run.W, H = run.H;
    const std::size_t N = run.N;
    const Image& realNumerator = run.numerator;
    const EditPixels& edit = run.edit;
    const Image& denominator = run.denominator;

    lightAndReasons(run);
    if (!in.blurredLight) blurLightSignal(run.light(), params, ws.blurred); // else the caller's, for this pair
    const FloatPlane& blurred = run.blurred();
    BracketSelect& sel = ws.select;
    const double p99 = in.blurredLight && in.blurredPercentile
                           ? *in.blurredPercentile // the caller's, for this pair
                           : blurredLightPercentile(blurred, params.lowSignalPercentile, sel, ws.samples[0]);
    run.blurredPercentile = p99;
    const double threshold = params.lowSignalFraction * p99;
    const bool noLight = !(p99 > 0.0);
    auto isLow = [&](std::size_t i) { return noLight || !(double(blurred[i]) >= threshold); };
    s.lowSignalThreshold = threshold;
    if (noLight) run.reasons.add("the real pair shows no added light (P99 of the blurred light map is 0)");

    // Final reasons, Omega and the counts; in the same pass the medians of E_R and E_G.
    const std::uint8_t clippedEdit = std::uint8_t(ExclusionReason::ClippedEdit);
    const auto windowRegion = in.regionMasks().find("window");
    auto inWindow = [&, winB = windowRegion != in.regionMasks().end() ? &windowRegion->second : nullptr](std::size_t i) {
        return (in.window && (*in.window)[i]) || (winB && (*winB)[i]);
    };
    const bool perChannelMaps = run.perChannelMaps;
    EvalMaps& maps = run.maps;
    if (perChannelMaps) maps.masks.lowSignal = Mask(W, H);
    ws.rowReasonCounts.assign(std::size_t(H), {});
    ws.rowPairOnly.assign(std::size_t(H), 0);
    sampleStratified(N, run.samples, 6, ws.sampleTuples, [&](std::size_t i, float* out) {
        if (finalReason(ws.reason[i], isLow(i)) != 0) return false;
        const float* a = realNumerator.data() + 3 * i;
        const float* d = denominator.data() + 3 * i;
        for (int c = 0; c < 3; ++c) {
            out[c] = a[c] / d[c];
            out[3 + c] = edit.value(i, c) / d[c];
        }
        return true;
    });
    for (int j = 0; j < 6; ++j) tupleColumn(ws.sampleTuples, 6, j, ws.samples[std::size_t(j)]);
    sel.reset(12); // medians of E_R,c and E_G,c (sets 0-5) and their MADs (sets 6-11)
    setMedianAndMadTargets(sel, ws.samples);
    sel.run(H, std::size_t(W), [&](int y, BracketSelect::Emit& emit) {
        std::array<std::size_t, 8> counts{};
        std::size_t pairOnly = 0;
        const std::size_t i0 = std::size_t(y) * std::size_t(W);
        std::uint8_t* r = ws.reason.row(y);
        std::uint8_t* om = ws.omega.row(y);
        for (int x = 0; x < W; ++x) {
            const bool low = isLow(i0 + std::size_t(x));
            if (perChannelMaps) maps.masks.lowSignal[i0 + std::size_t(x)] = low ? 1 : 0;
            // r[x] holds the blur-free reason on the first run and the final one on a repeat run;
            // finalReason gives the same for both.
            const std::uint8_t reason = finalReason(r[x], low);
            r[x] = reason;
            om[x] = reason == 0 ? 1 : 0;
            if (reason != 0) ++counts[reason]; // rare: valid pixels are counted below
            // A pixel that only the edit's clipping excludes (the pair alone would keep it).
            if (reason == clippedEdit && !low && !inWindow(i0 + std::size_t(x))) ++pairOnly;
        }
        counts[0] = std::size_t(W);
        for (std::size_t k = 1; k < counts.size(); ++k) counts[0] -= counts[k];
        // E_R,c = a / d and E_G,c = g / d over Omega as float quotients: the float quotient of two floats
        // is their double quotient rounded to float (53 >= 2 x 24 + 2 bits: rounding twice is harmless
        // for division), the value the other passes' double ratio rows round to.
        EvalWorkspace::RowScratch& sc = ws.rowScratch.local();
        const float* d = denominator.pixel(0, y);
        const std::size_t n3 = 3 * std::size_t(W);
        sc.quotientR.resize(n3);
        sc.quotientG.resize(n3);
        quotientSpan(realNumerator.pixel(0, y), d, n3, sc.quotientR.data());
        quotientSpan(edit.row(y, sc.editRow), d, n3, sc.quotientG.data());
        std::array<std::size_t, 3> n{};
        compactInto(sc.quotientR.data(), om, {0, 0, 0}, W, sc, 0, n);
        compactInto(sc.quotientG.data(), om, {0, 0, 0}, W, sc, 3, n);
        for (int c = 0; c < 3; ++c) {
            emit.pairSpan(c, 6 + c, sc.columns[std::size_t(c)].data(), n[std::size_t(c)]);
            emit.pairSpan(3 + c, 9 + c, sc.columns[std::size_t(3 + c)].data(), n[std::size_t(c)]);
        }
        ws.rowReasonCounts[std::size_t(y)] = counts;
        ws.rowPairOnly[std::size_t(y)] = pairOnly;
    });
    s.excludedByFirstReason.fill(0);
    double maxSignal = 0.0; // max_P(L): the band partition is a property of the real pair alone
    std::size_t pairOnlyPixels = 0;
    for (int y = 0; y < H; ++y) {
        for (int k = 0; k < kExclusionReasonCount; ++k)
            s.excludedByFirstReason[std::size_t(k)] += ws.rowReasonCounts[std::size_t(y)][std::size_t(k)];
        maxSignal = std::max(maxSignal, ws.rowPairMax[std::size_t(y)]);
        pairOnlyPixels += ws.rowPairOnly[std::size_t(y)];
    }
    // Low memory: the blur is read again only by kept full maps and by the quantisation draws.
    if (in.lowMemory && !perChannelMaps && !params.computeUncertainty) ws.blurred = FloatPlane();
    s.validPixels = s.excludedByFirstReason[0];
    s.validFraction = double(s.validPixels) / double(N);
    s.bandMaxSignal = maxSignal;
    run.empty = s.validPixels == 0;
    if (run.empty) {
        run.reasons.add("empty validity mask (no valid pixel)");
        if (pairOnlyPixels > 0)
            run.editReasons.add("the edit is clipped (code " + std::to_string(params.editClipCode) +
                                ") wherever the real pair is valid");
    }
}

} // namespace ll
