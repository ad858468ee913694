#pragma once
// Re-scores the case on screen with the labels being edited (not yet saved): the case's images
// as loaded, the region masks rasterised from the edited annotations at the evaluation size
// (exactly as loadCase does from a file), a fresh evaluate() with maps, new pane sources, and the
// annotation overlay drawn from the edited shapes. Runs on a worker (JobRunner); checks `token`
// between stages.
#include "annotations/SceneAnnotations.h"
#include "inspect/CaseData.h"
#include "inspect/CaseSources.h" // overlayShapes
#include "jobs/CancelToken.h"
#include "metrics/MetricParams.h"

namespace ll::ui {

CasePtr recomputeCaseWithLabels(const CaseData& base, const SceneAnnotations& labels, const MetricParams& params,
                                const CancelToken& token);

} // namespace ll::ui
