#pragma once
// Metric scores attached to the items of a study, oriented so that larger always means "the metric
// says this is better": g = score for a metric declared higher-is-better, g = -score for one
// declared lower-is-better (ScoreTable::direction; an undeclared metric is an error).
// Pairs: x_i = g(first) - g(second) (the metric's signed preference for the first model, the
// counterpart of the human signed preference); ratings: x_i = g(item).
#include "stats/ScoreTable.h"
#include "stats/StudyData.h"

#include <string>
#include <vector>

namespace ll::stats {

struct LeaderboardEdit { // pairs: one scored edit of a judged model, judged or not (the model's leaderboard)
    int model = 0;       // index into StudyData::models
    std::string task;    // normalised
    std::vector<double> g; // per metric, oriented; NaN if missing
};

struct ItemScores {
    std::vector<std::string> metrics;
    std::vector<bool> higherBetter;
    std::vector<std::vector<double>> x;       // [metric][item], NaN when a score is missing
    std::vector<LeaderboardEdit> leaderboard; // pairs only: every edit of the table by a model of the study
    std::vector<std::size_t> missingItems;    // per metric: items without a score
};

// Looks the study's items up in the table. Throws ll::Error naming the score file if a metric is
// absent, has no declared direction, or no item of the study has a score for it.
ItemScores attachScores(const StudyData& study, const ScoreTable& table, const std::vector<std::string>& metrics);

} // namespace ll::stats
