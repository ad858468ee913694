#include "validate/ValidationJob.h"

#include "stats/ItemScores.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"
#include "stats/ScreenAndValidate.h"
#include "util/Error.h"

#include <cmath>
#include <set>

namespace ll::ui {

ValidationRunPtr runValidation(const ValidationRequest& q, const CancelToken* token, std::function<void(double)> progress) {
    using namespace ll::stats;
    auto run = std::make_shared<ValidationRun>();
    run->request = q;
    if (q.judgements.empty()) throw Error("judgements", "no judgements file given");
    if (q.scores.empty()) throw Error("scores", "no score table given");

    LoadProblems scoreProblems;
    ScoreTable scores = loadScoreTable(q.scores, &scoreProblems);
    run->problems = scoreProblems.lines;
    const std::vector<std::string> metrics =
        validationMetrics(scores, declareDirections(scores, q.higher, q.lower, q.metrics, &run->problems));
    if (metrics.empty()) throw Error(q.scores, "no numeric score columns");
    stats::ValidationOptions options = q.options;
    options.taskGroups = scores.taskGroups; // as the score table's column declaration says

    StudyData raw;
    if (q.kind == JudgementKind::AB) {
        const ABFile f = loadABJudgements(q.judgements);
        run->problems.insert(run->problems.end(), f.problems.lines.begin(), f.problems.lines.end());
        if (f.judgements.empty()) throw Error(q.judgements, "no valid judgement rows");
        raw = studyFromAB(f.judgements);
    } else {
        const RatingsFile f = loadRatings(q.judgements);
        run->problems.insert(run->problems.end(), f.problems.lines.begin(), f.problems.lines.end());
        if (f.ratings.empty()) throw Error(q.judgements, "no valid rating rows");
        raw = studyFromRatings(f.ratings);
    }

    // As lightlens-cli validate.
    StudyData study;
    RunControl control;
    control.progress = std::move(progress);
    if (token) control.cancelled = [token] { return token->cancelled(); };
    try {
        run->result = screenAndValidate(raw, scores, metrics, options, q.excludeFlagged, &study, &control);
    } catch (const RunCancelled&) {
        throw JobCancelled{};
    }
    run->humanAgreement = run->result.humanAgreement;
    return run;
}

} // namespace ll::ui
