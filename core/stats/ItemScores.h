#pragma once
// Metric scores attached to the items of a study, oriented so that larger always means "the metric
// says this is better": g = score for higher-is-better metrics (psnr, ssim), g = -score otherwise.
// Pairs: x_i = g(first) - g(second) (the metric's signed preference for the first model, the
// counterpart of the human signed preference); ratings: x_i = g(item).
#include "stats/ScoreTable.h"
#include "stats/StudyData.h"

#include <string>
#include <vector>

namespace ll::stats {

struct JudgedEdit { // pairs: one (scene, task, model) edit that appears in a judged pair
    int scene = 0;
    int model = 0;
    std::string task;
    std::vector<double> g; // per metric, oriented; NaN if missing
};

struct ItemScores {
    std::vector<std::string> metrics;
    std::vector<bool> higherBetter;
    std::vector<std::vector<double>> x;       // [metric][item], NaN when a score is missing
    std::vector<JudgedEdit> edits;            // pairs only
    std::vector<std::size_t> missingItems;    // per metric: items without a score
};

// Looks the study's items up in the table. Throws ll::Error naming the score file if a metric is
// absent or no item of the study has a score for it.
ItemScores attachScores(const StudyData& study, const ScoreTable& table, const std::vector<std::string>& metrics);

} // namespace ll::stats
