// evaluate() (Evaluate.h): the stages of EvalRun.h in the spec's order, each announced to
// EvalInputs::onStage (which may throw to stop the evaluation between stages).
#include "metrics/Evaluate.h"

#include "metrics/EvalRun.h"
#include "metrics/EvalStages.h"
#include "metrics/EvalWorkspace.h"

#include <vector>

namespace ll {

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps) {
    return evaluate(in, params, keepMaps ? KeptMaps::All : KeptMaps::None);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept) {
    EvalWorkspace ws;
    return evaluate(in, params, kept, ws);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, bool keepMaps, EvalWorkspace& ws) {
    return evaluate(in, params, keepMaps ? KeptMaps::All : KeptMaps::None, ws);
}

EvalResult evaluate(const EvalInputs& in, const MetricParams& params, KeptMaps kept, EvalWorkspace& ws) {
    checkEvalInputs(in);
    EvalRun run(in, params, kept, ws);
    const std::vector<const char*> stages = evalStages(params);
    int announced = 0;
    auto begin = [&](const char* name) {
        if (in.onStage) in.onStage(announced, int(stages.size()), name);
        ++announced;
    };

    begin(kStageValidity);
    validityStage(run);
    standardisationStage(run);
    if (params.computeClassic) {
        begin(kStageClassic);
        classicStage(run);
    }
    begin(kStageSie);
    sieStage(run);
    begin(kStageLfe);
    lfeStage(run);
    begin(kStageRegions);
    regionsStage(run);
    if (uncertaintyApplies(run)) {
        begin(kStageUncertainty);
        uncertaintyStage(run);
    }
    return finishRun(run);
}

} // namespace ll
