#include "metrics/EvalRun.h"

#include "metrics/EvalRows.h"
#include "metrics/BracketSelect.h"

namespace ll {

EvalRun::EvalRun(const EvalInputs& in_, const MetricParams& params_, KeptMaps kept, EvalWorkspace& ws_)
    : in(in_), params(params_), ws(ws_), on(*in_.on), off(*in_.off), edit(in_.editPixels()),
      denominator(in_.task == Task::On ? *in_.off : *in_.on), numerator(in_.task == Task::On ? *in_.on : *in_.off),
      W(in_.on->width()), H(in_.on->height()), N(in_.on->pixelCount()), samples(sampleCount(N)),
      keepMaps(kept != KeptMaps::None), perChannelMaps(kept == KeptMaps::All),
      gradientsStored(!in_.lowMemory || kept == KeptMaps::All),
      bandKeys(ll::bandKeys(params_.bandEdgesPercent)) {
    if (!in.modelPath) ownPath_.emplace(ColourConfig::builtin());
    for (const auto& [name, mask] : in.regionMasks())
        if (name != "window") {
            regionMasks.push_back(&mask);
            regionNames.push_back(name);
        }
    scores.width = W;
    scores.height = H;
    scores.task = in.task;
    maps.compact = kept == KeptMaps::Compact;
    ws.ensureSize(W, H, gradientsStored, !in.light, !in.blurredLight);
    forgetRatioRows(ws);
}

} // namespace ll
