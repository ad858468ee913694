#pragma once
// Deltas between two benchmark runs (paper Table 11): per model, the change of each main-table column
// (SIE and LFE per task, best x%) from a baseline run to another run, with a paired Wilcoxon
// signed-rank test (stats/Wilcoxon.h, scipy's defaults) over the images both runs scored, Holm-corrected
// across the models of each column. Rows are matched by scene, model and task.
#include "bench/ScoreRow.h"
#include "bench/Table.h"

#include <vector>

namespace ll::bench {

struct CompareOptions {
    double bestPercent = 80.0;
};

// The table "compare": per model (the run's table order; models in both runs, no baseline), for
// each task and metric: the run's value, its change from the baseline (run - baseline, of the best-x%
// means of each run), the Holm-adjusted p value of the paired test, and the number of matched images.
// A matched image is a row of both runs that neither failed and whose score is defined in both.
Table compareRuns(const std::vector<ScoreRow>& baseline, const std::vector<ScoreRow>& run, const CompareOptions& options);

} // namespace ll::bench
