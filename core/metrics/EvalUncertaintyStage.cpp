// uncertaintyStage (EvalRun.h), spec "8-bit quantisation uncertainty": the Monte Carlo over the edit's
// codes (QuantisationUncertainty.h), each draw scored by evaluate() with this run's exclusion of
// clipped edit pixels and blurred light signal, so on the same Omega.
#include "metrics/EvalRun.h"

#include "metrics/QuantisationUncertainty.h"

#include <tbb/parallel_for.h>

#include <cmath>

namespace ll {
namespace {

const Codes8* uncertaintyCodes(const EvalInputs& in) { return in.editCodes ? in.editCodes : in.editSourceCodes; }

} // namespace

bool uncertaintyApplies(const EvalRun& run) {
    return run.params.computeUncertainty && uncertaintyCodes(run.in) && !run.empty && run.sieDefined;
}

void uncertaintyStage(EvalRun& run) {
    const EvalInputs& in = run.in;
    // The pixels this run excluded because of the edit's clipping (a pixel with an earlier reason stays
    // excluded by that reason in every draw).
    Mask clipped;
    if (!in.editClipped) {
        clipped = Mask(run.W, run.H);
        const std::uint8_t code = std::uint8_t(ExclusionReason::ClippedEdit);
        tbb::parallel_for(0, run.H, [&](int y) {
            const std::uint8_t* r = run.ws.reason.row(y);
            std::uint8_t* m = clipped.row(y);
            for (int x = 0; x < run.W; ++x) m[x] = r[x] == code ? 1 : 0;
        });
    }
    McFixed f;
    f.inputs = &in;
    f.clippedEdit = in.editClipped ? in.editClipped : &clipped;
    f.blurredLight = &run.blurred();
    f.light = &run.light();
    if (std::isfinite(run.blurredPercentile)) f.blurredPercentile = run.blurredPercentile;
    f.codes = uncertaintyCodes(in);
    if (!in.editCodes) f.resizeTo = std::make_pair(run.W, run.H);
    f.path = &run.modelPath();
    const McSummary mc = quantisationUncertainty(f, run.params);
    run.scores.uncertainty = QuantisationUncertainty{mc.draws, mc.sieStd, mc.lfeStd, mc.sie1Std};
}

} // namespace ll
