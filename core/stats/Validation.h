#pragma once
// Validating metrics against human judgements: the estimates of DrawStatistics with percentile
// intervals from the two-way cluster bootstrap (raters x scenes), paired differences between
// metrics, split-half reliability (noise ceiling) and rater screening.
#include "stats/DrawStatistics.h"
#include "stats/HumanAgreement.h"
#include "stats/ItemScores.h"
#include "stats/Percentile.h"
#include "stats/Reliability.h"
#include "stats/RunControl.h"
#include "stats/StudyData.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ll::stats {

struct ValidationOptions {
    int draws = 10000;            // bootstrap draws
    std::uint64_t seed = 1;       // bootstrap and split-half seed
    double level = 0.95;          // interval coverage
    int splits = 10000;           // random rater splits for split-half reliability
    double btPrior = 1.0;         // Bradley-Terry virtual tied comparisons per model
    int minModelJudgements = 10;  // models with fewer judgements in a group stay out of its ranking
    bool taskGroups = true;       // analyse each task as a group too (when there are several)
    ScreeningOptions screening;
};

struct Estimate {
    double value = 0;       // on the original data (NaN if undefined)
    Interval ci;            // percentile interval over the draws (NaN if no draw is defined)
    std::size_t n = 0;      // units behind the estimate (decisions, items or models)
    int undefinedDraws = 0; // draws where the statistic was undefined (excluded from the interval)
};

struct AgreementRow {
    std::string group, metric;
    std::array<Estimate, 5> bins; // Q1..Q4 by |score difference|, then overall
    std::array<AgreementBin, 5> ranges;
    std::size_t equalScores = 0;  // decisions left out because both edits scored the same
};

struct CorrelationRow {
    std::string group, metric;
    Estimate pearson, spearman, kendall;
};

struct DifferenceRow { // metric a minus metric b, paired over the same draws
    std::string group, a, b;
    Estimate pearson, spearman, kendall;
};

struct PartialRow {
    std::string group, g, x;
    Estimate hGgivenX, hXgivenG; // r(h, g | x), r(h, x | g)
};

struct ModelStrengthRow {
    std::string group, model;
    Estimate logStrength;
    double strength = 0; // exp(logStrength), geometric mean 1
    double wins = 0, losses = 0, ties = 0;
    bool ranked = false; // enough judgements to enter the ranking agreement
};

struct RankAgreementRow {
    std::string group, metric;
    Estimate kendall, spearman; // BT log-strengths vs the metric's leaderboard means; n = models ranked
    std::vector<std::string> models;      // the models ranked (enough judgements, a leaderboard mean)
    std::vector<double> leaderboardMeans; // their oriented means over all scored edits
};

struct RankDifferenceRow {
    std::string group, a, b;
    Estimate kendall;
};

struct ReliabilityRow {
    std::string group;
    SplitHalfReliability reliability;
};

struct ScatterPoint {
    std::string group, metric, item;
    double score = 0, human = 0; // oriented metric score x, human effect h
    double judgements = 0;
};

struct ValidationResult {
    StudyKind kind = StudyKind::Pairs;
    ValidationOptions options;
    std::vector<std::string> metrics, groups, excludedRaters;
    std::vector<std::string> directions; // per metric: "higher" or "lower" is better
    std::size_t raters = 0, scenes = 0, items = 0, observations = 0, checks = 0;
    std::vector<std::size_t> missingScores; // per metric: items without a score
    std::vector<AgreementRow> agreement;
    std::vector<CorrelationRow> correlation;
    std::vector<DifferenceRow> differences;
    std::vector<PartialRow> partial;
    std::vector<ModelStrengthRow> strengths;
    std::vector<RankAgreementRow> ranking;
    std::vector<RankDifferenceRow> rankDifferences;
    std::vector<ReliabilityRow> reliability;
    std::vector<RaterScreening> screening; // computed before any exclusion
    std::vector<HumanAgreement> humanAgreement; // pairs: per group
    std::vector<ScatterPoint> scatter;
    double seconds = 0; // bootstrap wall time
};

// `excludedRaters` lists raters already removed from `study` (reported only). `control` (optional)
// receives the share of bootstrap draws and split halves done and can stop the run (RunCancelled).
ValidationResult validate(const StudyData& study, const ItemScores& scores, const ValidationOptions& options,
                          std::vector<RaterScreening> screening = {}, std::vector<std::string> excludedRaters = {},
                          const RunControl* control = nullptr);

} // namespace ll::stats
