// standardisationStage (EvalRun.h), spec "Standardisation": the median and MAD of E_R,c and E_G,c over
// Omega (bracketed by validityStage in ws.select sets 0-11) as standardisation statistics, and the
// consequences of a MAD below the floor: a degenerate score, and for the edit's side (where the real
// side has structure) a failed edit with no score (paper 3.3 divides by the MAD).
#include "metrics/EvalRun.h"

#include "metrics/EvalRows.h"

namespace ll {

void standardisationStage(EvalRun& run) {
    EvalScores& s = run.scores;
    const MetricParams& params = run.params;
    const BracketSelect& sel = run.ws.select;
    if (!run.empty)
        for (std::size_t c = 0; c < 3; ++c) {
            s.ratioRealStats[c] = statsFrom(s.validPixels, sel.median(int(c)), sel.median(int(6 + c)), params.madFloor);
            s.ratioEditStats[c] = statsFrom(s.validPixels, sel.median(int(3 + c)), sel.median(int(9 + c)), params.madFloor);
        }
    const bool realDegenerate = !run.empty && anyFloored(s.ratioRealStats);
    if (!run.empty) {
        if (realDegenerate) run.reasons.add(madReason("E_R", s.ratioRealStats, params.madFloor));
        if (anyFloored(s.ratioEditStats)) {
            const std::string r = madReason("E_G", s.ratioEditStats, params.madFloor);
            run.reasons.add(r);
            // The edit's fault only where the real side has structure to compare with.
            if (!realDegenerate) run.editReasons.add(r + " (a blank, constant or flat edit)");
        }
    }
    run.sieDefined = !run.empty && !(realDegenerate && params.nullWhenRealDegenerate) && run.editReasons.empty();
}

} // namespace ll
