#pragma once
// The work behind the inspector, run on worker threads by the JobRunner. Each function checks the
// cancel token between its stages (load, evaluate, build display sources) and throws JobCancelled
// when the result is no longer wanted; bad input throws ll::Error naming the file.
#include "inspect/CaseData.h"
#include "inspect/CaseRequest.h"
#include "jobs/CancelToken.h"

namespace ll::ui {

// Loads the case, evaluates it keeping the maps, builds the pane sources and overlays.
CasePtr computeCase(const CaseRequest& request, const CancelToken& token);

// Scores only (no maps), for the dataset browser. Throws ll::Error when the edit is missing.
EvalScores scoreCase(const CaseRequest& request, const CancelToken& token);

// The do-nothing baseline of the case's scene and task (spec "Dataset aggregation"): the
// dataset's do_nothing model when it has one, else the input PNG (the input through the 8-bit
// path) scored as an edit.
struct BaselineScores {
    EvalScores scores;
    QString source; // "do_nothing model" or "input PNG"
};
BaselineScores computeBaseline(const CaseRequest& request, const CancelToken& token);

} // namespace ll::ui
