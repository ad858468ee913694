#pragma once
// Every bootstrapped statistic of a validation, computed for one cluster draw (the original data
// is the draw with all multiplicities 1). Sharing one draw across all metrics makes differences
// between metrics paired.
//
// Per group (all tasks together, then each task):
//  * agreement[m][q]: share of human decisions (ties 1/2) favouring the edit metric m scores better,
//    within separation quartile q = 0..3 of |score difference| (fixed from the original data), q = 4
//    all decisions; decisions with equal scores are left out;
//  * corr[m]: Pearson, Spearman, Kendall tau-b between the metric's oriented item score x and the
//    human item effect h (items repeated by their scene's multiplicity);
//  * partial[m1][m2]: r(h, x_m1 | x_m2);
//  * btLog[model]: Bradley-Terry log-strengths; rank[m]: Kendall tau-b and Spearman between the
//    log-strengths and the metric's leaderboard (each model's mean oriented score over all its
//    scored edits in the score table, judged or not; fixed, not resampled), over the models with at
//    least `minModelJudgements` judgements in the group (counted on the original data).
//
// Groups are "all" and, with `taskGroups` and more than one task, each task.
#include "stats/ClusterBootstrap.h"
#include "stats/ItemScores.h"
#include "stats/StudyData.h"

#include <array>
#include <string>
#include <vector>

namespace ll::stats {

struct DrawStats {
    std::vector<std::vector<std::array<double, 5>>> agreement; // [group][metric][Q1..Q4, overall]
    std::vector<std::vector<std::array<double, 3>>> corr;      // [group][metric][pearson, spearman, kendall]
    std::vector<std::vector<std::vector<double>>> partial;     // [group][m1][m2]
    std::vector<std::vector<double>> btLog;                    // [group][model]
    std::vector<std::vector<std::array<double, 2>>> rank;      // [group][metric][kendall, spearman]
};

struct AgreementBin {
    std::size_t decisions = 0;
    double minAbsDiff = 0, maxAbsDiff = 0;
};

class DrawStatistics {
public:
    DrawStatistics(const StudyData& study, const ItemScores& scores, double btPrior, bool taskGroups = true,
                   int minModelJudgements = 0);

    DrawStats evaluate(const ClusterDraw& draw) const;

    const std::vector<std::string>& groups() const { return groupNames_; }
    bool inGroup(std::size_t group, std::size_t item) const { return itemIn_[group][item]; }
    // Original-data facts shown next to the estimates.
    const AgreementBin& bin(std::size_t g, std::size_t m, int q) const { return bins_[g][m][std::size_t(q)]; }
    std::size_t equalScoreDecisions(std::size_t g, std::size_t m) const { return equal_[g][m]; }
    // Judgements (scored, not checks) involving a model within a group.
    double modelJudgements(std::size_t g, std::size_t model) const { return judgements_[g][model]; }
    // The model's leaderboard mean of a metric in a group (NaN without a scored edit).
    double leaderboardMean(std::size_t g, std::size_t m, std::size_t model) const { return leaderboard_[g][m][model]; }
    // Whether the model enters the ranking of the group (enough judgements and a leaderboard mean).
    bool ranked(std::size_t g, std::size_t m, std::size_t model) const;

private:
    const StudyData& study_;
    const ItemScores& scores_;
    double btPrior_;
    int minModelJudgements_;
    std::vector<std::vector<double>> judgements_;              // [group][model]
    std::vector<std::vector<std::vector<double>>> leaderboard_; // [group][metric][model]
    std::vector<std::string> groupNames_;
    std::vector<std::vector<bool>> itemIn_;                      // [group][item]
    std::vector<std::vector<std::vector<signed char>>> quartile_; // [group][metric][observation], -1 out
    std::vector<std::vector<std::array<AgreementBin, 5>>> bins_;
    std::vector<std::vector<std::size_t>> equal_;
};

} // namespace ll::stats
