#include "stats/ScreenAndValidate.h"

#include "stats/ItemScores.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ll::stats {

std::vector<std::string> validationMetrics(const ScoreTable& scores, const std::vector<std::string>& requested) {
    std::vector<std::string> metrics = requested;
    if (metrics.empty()) {
        bool all = !scores.defaultMetrics.empty();
        for (const auto& m : scores.defaultMetrics) {
            bool present = false;
            for (const auto& have : scores.metrics) present |= have == m;
            all &= present;
        }
        if (all) metrics = scores.defaultMetrics;
        else
            for (const auto& m : scores.metrics)
                if (scores.direction(m)) metrics.push_back(m);
        if (metrics.empty())
            throw Error(scores.source, "no score column has a declared direction (" +
                                           (scores.declarationSource.empty() ? std::string("no column declaration")
                                                                             : "none in " + scores.declarationSource) +
                                           "): name the columns with --higher COL or --lower COL");
    }
    for (auto& m : metrics) m = scores.metrics[scores.metricIndex(m)];
    return metrics;
}

std::vector<std::string> declareDirections(ScoreTable& scores, const std::vector<std::string>& higher,
                                           const std::vector<std::string>& lower,
                                           const std::vector<std::string>& requested, std::vector<std::string>* warnings) {
    std::vector<std::string> named;
    for (const auto& [list, better] : {std::pair{&higher, ScoreDirection::Higher}, std::pair{&lower, ScoreDirection::Lower}})
        for (const auto& c : *list) {
            const std::string column = scores.metrics[scores.metricIndex(c)];
            if (std::find(named.begin(), named.end(), column) != named.end())
                throw Error(scores.source, "column '" + column + "' is named as both higher and lower is better");
            if (const auto declared = scores.direction(column); declared && *declared != better && warnings)
                warnings->push_back(std::string(betterName(better)) + " is better for " + column +
                                    ": overrides the declaration '" + betterName(*declared) + "' of " +
                                    scores.declarationSource);
            scores.declare(column, better);
            named.push_back(column);
        }
    if (!requested.empty() || named.empty()) return requested;
    std::vector<std::string> metrics;
    if (!scores.declarationSource.empty()) metrics = validationMetrics(scores, {});
    for (const auto& m : scores.metrics) // the named columns in file order
        if (std::find(named.begin(), named.end(), m) != named.end() &&
            std::find(metrics.begin(), metrics.end(), m) == metrics.end())
            metrics.push_back(m);
    return metrics;
}

ValidationResult screenAndValidate(const StudyData& raw, const ScoreTable& scores, const std::vector<std::string>& metrics,
                                   const ValidationOptions& options, bool excludeFlagged, StudyData* analysed,
                                   const RunControl* control) {
    std::vector<RaterScreening> screening = screenRaters(raw, options.screening);
    std::set<std::string> excluded;
    for (auto& s : screening) {
        const bool belowThreshold = options.screening.dropBelowMinCorrelation && std::isfinite(s.looCorrelation) &&
                                    s.looCorrelation < options.screening.minCorrelation;
        s.dropped = belowThreshold || (excludeFlagged && s.flagged);
        if (s.dropped) excluded.insert(s.rater);
    }
    StudyData study = excluded.empty() ? raw : withoutRaters(raw, excluded);
    const ItemScores item = attachScores(study, scores, metrics);
    ValidationResult result =
        validate(study, item, options, std::move(screening), {excluded.begin(), excluded.end()}, control);
    if (analysed) *analysed = std::move(study);
    return result;
}

} // namespace ll::stats
