#pragma once
// The work behind the inspector, run on worker threads by the JobRunner. Each function checks the
// cancel token between its stages (load, evaluate, build display sources) and throws JobCancelled
// when the result is no longer wanted; bad input throws ll::Error naming the file.
#include "inspect/CaseData.h"
#include "inspect/CaseRequest.h"
#include "inspect/CaseSources.h"
#include "jobs/CancelToken.h"

#include <functional>

namespace ll::ui {

// A case in two steps, so the panes show the images while the metrics run:
// loadCaseImages decodes the images and builds their sources and the annotation overlays (the case
// has `evaluating` set when the model has an edit); evaluateCaseImages evaluates it keeping the maps
// and builds the map sources and overlays, sharing the images. `progress(step, steps, what)` is
// called on the worker thread as the second step advances.
using CaseProgress = std::function<void(int step, int steps, const QString& what)>;
// Whether a progress report of evaluateCaseImages (step `done` of `total`) is the one that ends the
// evaluation: the map views are built from then on (their kMapSourceCount steps close the count).
inline bool evaluationFinished(int done, int total) { return done == total - kMapSourceCount; }
CasePtr loadCaseImages(const CaseRequest& request, const CancelToken& token);
CasePtr evaluateCaseImages(const CaseData& images, const MetricParams& params, const CancelToken& token,
                           const CaseProgress& progress = {});

// `in` with an EvalInputs::onStage that throws JobCancelled between the evaluation's stages once
// `token` is cancelled (the token must outlive the evaluation).
EvalInputs cancellable(EvalInputs in, const CancelToken& token);
// `in` as the desktop app evaluates: with EvalInputs::lowMemory (the same scores in less memory; the
// app holds the images and their views beside the evaluation).
EvalInputs desktopInputs(EvalInputs in);

// Both steps at once.
CasePtr computeCase(const CaseRequest& request, const CancelToken& token);

// The real pair of a scene already loaded at its evaluation size (a case of that scene in the cache),
// with the scene's region masks at that size, for the background jobs to evaluate against instead of
// loading them again. Empty `images`: none.
struct SharedPair {
    std::shared_ptr<const LoadedCase> images;
    std::shared_ptr<const RegionMasks> regions; // null: read the labels file
};

// Scores only (no maps), for the dataset browser. Throws ll::Error when the edit is missing. With
// `pair` (a case of the same scene), only the edit and the labels are read; the same scores.
EvalScores scoreCase(const CaseRequest& request, const CancelToken& token, const SharedPair& pair = {});

// The do-nothing baseline of the case's scene and task (spec "Dataset aggregation"): the
// dataset's do_nothing model when it has one, else the input PNG (the input through the 8-bit
// path) scored as an edit.
struct BaselineScores {
    EvalScores scores;
    QString source; // "do_nothing model" or "input PNG"
};
BaselineScores computeBaseline(const CaseRequest& request, const CancelToken& token, const SharedPair& pair = {});

} // namespace ll::ui
