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

// What --higher / --lower do (the CLI and the validation window): declares `higher` and `lower`
// columns in the table (overriding its declaration; `warnings` gets a line for each contradiction)
// and returns the columns to validate: `requested` when not empty, else (when any column was named)
// the declared default metrics plus the named columns in file order, else nothing (the defaults of
// validationMetrics). ll::Error for an unknown column or one named in both lists.
std::vector<std::string> declareDirections(ScoreTable& scores, const std::vector<std::string>& higher,
                                           const std::vector<std::string>& lower,
                                           const std::vector<std::string>& requested,
                                           std::vector<std::string>* warnings = nullptr);

// `analysed` (optional) receives the study the statistics ran on (without excluded raters);
// `control` (optional) reports progress and can stop the run (validate()).
ValidationResult screenAndValidate(const StudyData& raw, const ScoreTable& scores, const std::vector<std::string>& metrics,
                                   const ValidationOptions& options, bool excludeFlagged, StudyData* analysed = nullptr,
                                   const RunControl* control = nullptr);

} // namespace ll::stats
