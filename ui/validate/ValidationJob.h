#pragma once
// The work behind the validation window, run on a JobRunner worker: load a judgements file (A/B
// choices or 1-5 ratings) and a score table, screen the raters, attach the scores and run the
// statistics of core/stats, exactly as `lightlens-cli validate` does (same options, same defaults).
// Also the human-human agreement the agreement plot is read against (A/B studies; stats/HumanAgreement.h).
#include "jobs/CancelToken.h"
#include "stats/HumanAgreement.h"
#include "stats/StudyData.h"
#include "stats/Validation.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ll::ui {

enum class JudgementKind { AB, Ratings };

struct ValidationRequest {
    std::string judgements;           // CSV path (A/B judgements or ratings)
    JudgementKind kind = JudgementKind::AB;
    std::string scores;               // score table CSV path
    std::vector<std::string> metrics; // empty: the score table's declared default metrics, else every
                                      // column with a declared direction (stats::validationMetrics)
    std::vector<std::string> higher, lower; // as --higher / --lower: directions for undeclared columns
    stats::ValidationOptions options;
    bool excludeFlagged = false;
};

struct ValidationRun {
    ValidationRequest request;
    std::vector<std::string> problems; // bad rows skipped ("file:line: problem"), overridden declarations
    stats::ValidationResult result;
    std::vector<stats::HumanAgreement> humanAgreement; // per group of result.groups (A/B only)
};

using ValidationRunPtr = std::shared_ptr<const ValidationRun>;

// Throws ll::Error naming the file (missing or malformed files, no valid rows, unknown metric).
// With a token, the bootstrap and the split halves stop soon after it is cancelled (JobCancelled is
// thrown); `progress` (optional, called from worker threads) receives the share of them done.
ValidationRunPtr runValidation(const ValidationRequest& request, const CancelToken* token = nullptr,
                               std::function<void(double)> progress = {});

} // namespace ll::ui
