// uncertaintyStage (EvalRun.h), spec "8-bit quantisation uncertainty": the Monte Carlo over the edit's
// codes (QuantisationUncertainty.h), with the real side (E_R, M_R, their statistics, Omega and
// Omega-nabla) held fixed from this run.
#include "metrics/EvalRun.h"

#include "metrics/MaskedGather.h"
#include "metrics/QuantisationUncertainty.h"
#include "metrics/RatioImage.h"

namespace ll {
namespace {

const Codes8* uncertaintyCodes(const EvalInputs& in) { return in.editCodes ? in.editCodes : in.editSourceCodes; }

} // namespace

bool uncertaintyApplies(const EvalRun& run) {
    return run.params.computeUncertainty && uncertaintyCodes(run.in) && !run.empty && run.sieDefined;
}

void uncertaintyStage(EvalRun& run) {
    EvalWorkspace& ws = run.ws;
    EvalScores& s = run.scores;
    const Image ER = ratioImage(run.numerator, run.denominator, ws.omega);
    const std::vector<std::size_t> omegaOffsets = maskRowOffsets(ws.omega);
    McFixed f;
    f.ratioReal = &ER;
    f.gradientReal = &ws.gradReal;
    f.realStats = &s.ratioRealStats;
    f.omega = &ws.omega;
    f.omegaRowOffsets = &omegaOffsets;
    f.gradientDomain = &ws.domain;
    f.denominator = &run.denominator;
    f.codes = uncertaintyCodes(run.in);
    if (!run.in.editCodes) f.resizeTo = std::make_pair(run.W, run.H);
    f.k = run.in.k;
    f.path = &run.modelPath();
    f.nullWhenRealDegenerate = run.params.nullWhenRealDegenerate;
    const McSummary mc = quantisationUncertainty(f, run.params);
    s.uncertainty = QuantisationUncertainty{mc.draws, mc.sieStd, mc.lfeStd, mc.sie1Std};
}

} // namespace ll
