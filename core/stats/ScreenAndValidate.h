#pragma once
// What `lightlens-cli validate` and the GUI's validation window both do with a loaded study and a
// score table: pick the metrics, screen the raters (all of them), leave the dropped ones out
// (flagged ones with `excludeFlagged`, those below the leave-one-out threshold with
// ScreeningOptions::dropBelowMinCorrelation), attach the scores and run the statistics.
#include "stats/ScoreTable.h"
#include "stats/StudyData.h"
#include "stats/Validation.h"

#include <string>
#include <vector>

namespace ll::stats {

// The score columns to validate: `requested` resolved to the table's spelling (ll::Error for an
// unknown one); when empty, the table's declared default metrics, else every column with a
// declared direction. ll::Error naming the file when that leaves nothing.
std::vector<std::string> validationMetrics(const ScoreTable& scores, const std::vector<std::string>& requested);

// `analysed` (optional) receives the study the statistics ran on (without excluded raters);
// `control` (optional) reports progress and can stop the run (validate()).
ValidationResult screenAndValidate(const StudyData& raw, const ScoreTable& scores, const std::vector<std::string>& metrics,
                                   const ValidationOptions& options, bool excludeFlagged, StudyData* analysed = nullptr,
                                   const RunControl* control = nullptr);

} // namespace ll::stats
