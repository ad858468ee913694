#include "stats/ScreenAndValidate.h"

#include "stats/ItemScores.h"

#include <set>

namespace ll::stats {

std::vector<std::string> validationMetrics(const ScoreTable& scores, const std::vector<std::string>& requested) {
    std::vector<std::string> metrics = requested;
    if (metrics.empty()) {
        bool sie = false, lfe = false;
        for (const auto& m : scores.metrics) sie |= m == "sie", lfe |= m == "lfe";
        metrics = sie && lfe ? std::vector<std::string>{"sie", "lfe"} : scores.metrics;
    }
    for (auto& m : metrics) m = scores.metrics[scores.metricIndex(m)];
    return metrics;
}

ValidationResult screenAndValidate(const StudyData& raw, const ScoreTable& scores, const std::vector<std::string>& metrics,
                                   const ValidationOptions& options, bool excludeFlagged, StudyData* analysed) {
    std::vector<RaterScreening> screening = screenRaters(raw, options.screening);
    std::set<std::string> excluded;
    if (excludeFlagged)
        for (const auto& s : screening)
            if (s.flagged) excluded.insert(s.rater);
    StudyData study = excluded.empty() ? raw : withoutRaters(raw, excluded);
    const ItemScores item = attachScores(study, scores, metrics);
    ValidationResult result = validate(study, item, options, std::move(screening), {excluded.begin(), excluded.end()});
    if (analysed) *analysed = std::move(study);
    return result;
}

} // namespace ll::stats
