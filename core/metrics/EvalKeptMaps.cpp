// finishRun (EvalRun.h): the scores' degenerate and failed-edit reasons, and the per-pixel maps the
// call asked for, moved out of the workspace (the masks of single reasons recomputed for
// KeptMaps::All).
#include "metrics/EvalRun.h"

#include "metrics/ExclusionMasks.h"

#include <optional>

namespace ll {
namespace {

// The union of the explicit window mask and a "window" region.
Mask windowMask(const EvalInputs& in) {
    Mask w(in.on->width(), in.on->height(), 0);
    auto add = [&](const Mask& m) {
        for (std::size_t i = 0; i < w.size(); ++i) w[i] |= m[i] ? 1 : 0;
    };
    if (in.window) add(*in.window);
    if (auto it = in.regionMasks().find("window"); it != in.regionMasks().end()) add(it->second);
    return w;
}

} // namespace

EvalResult finishRun(EvalRun& run) {
    EvalResult result;
    EvalScores& s = run.scores;
    s.degenerate = !run.reasons.empty();
    s.degenerateReason = run.reasons.text;
    s.editFailure = !run.editReasons.empty();
    s.editFailureReason = run.editReasons.text;

    if (run.keepMaps) {
        const EvalInputs& in = run.in;
        EvalWorkspace& ws = run.ws;
        EvalMaps& maps = run.maps;
        const bool perChannelMaps = run.perChannelMaps;
        const int W = run.W, H = run.H;
        ValidityMasks& vm = maps.masks;
        if (perChannelMaps) {
            // An edit given by its codes is decoded for these masks (this set of maps is large anyway).
            std::optional<Image> decoded;
            const Image& edit = run.edit.image() ? *run.edit.image() : decoded.emplace(run.edit.toImage());
            vm.nonFinite = nonFiniteMask(run.on, run.off, edit);
            vm.nonPositiveDenominator = nonPositiveDenominatorMask(run.denominator);
            vm.clippedReal = clippedRealMask(run.on, run.off, in.clipLevel);
            vm.clippedEdit = in.editClipped ? *in.editClipped
                                            : clippedEditMask(edit, in.editCodes, in.k, run.params.editClipCode,
                                                              run.params.editClipLevel);
            vm.window = windowMask(in);
        }
        vm.reason = std::move(ws.reason);
        vm.omega = std::move(ws.omega);
        vm.validPixels = s.validPixels;
        vm.firstReasonCounts = s.excludedByFirstReason;
        if (!maps.compact) { // compact maps: pixelMetrics() works M out at a pixel from the images
            maps.gradientReal = std::move(ws.gradReal);
            maps.gradientEdit = std::move(ws.gradEdit);
        }
        if (perChannelMaps) maps.gradientDomain = std::move(ws.domain);
        for (int c = 0; c < 3; ++c) {
            Mask m(W, H);
            for (std::size_t i = 0; i < run.N; ++i) m[i] = (ws.omega80Bits[i] >> c) & 1u;
            maps.omega80[std::size_t(c)] = std::move(m);
        }
        maps.bandLabels = std::move(ws.bands);
        maps.bandKeys = run.bandKeys;
        maps.lightSignal = in.light ? *in.light : std::move(ws.light);
        if (perChannelMaps) maps.blurredSignal = in.blurredLight ? *in.blurredLight : std::move(ws.blurred);
        maps.lowSignalThreshold = s.lowSignalThreshold;
        result.maps = std::move(run.maps);
    }
    result.scores = std::move(s);
    return result;
}

} // namespace ll
