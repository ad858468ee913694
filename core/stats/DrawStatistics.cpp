#include "stats/DrawStatistics.h"

#include "stats/BradleyTerry.h"
#include "stats/Correlation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ll::stats {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}

DrawStatistics::DrawStatistics(const StudyData& study, const ItemScores& scores, double btPrior, bool taskGroups,
                               int minModelJudgements)
    : study_(study), scores_(scores), btPrior_(btPrior), minModelJudgements_(minModelJudgements) {
    const std::size_t ni = study.items.size(), nm = scores.metrics.size(), no = study.obs.size();
    groupNames_.push_back("all");
    itemIn_.push_back(std::vector<bool>(ni, true));
    if (taskGroups && study.tasks.size() > 1)
        for (const auto& t : study.tasks) {
            groupNames_.push_back(t);
            std::vector<bool> in(ni);
            for (std::size_t i = 0; i < ni; ++i) in[i] = study.items[i].task == t;
            itemIn_.push_back(std::move(in));
        }
    const std::size_t ng = groupNames_.size();
    quartile_.assign(ng, std::vector<std::vector<signed char>>(nm, std::vector<signed char>(no, -1)));
    bins_.assign(ng, std::vector<std::array<AgreementBin, 5>>(nm));
    equal_.assign(ng, std::vector<std::size_t>(nm, 0));
    if (study.kind != StudyKind::Pairs) return;
    const std::size_t nModels = study.models.size();
    judgements_.assign(ng, std::vector<double>(nModels, 0.0));
    leaderboard_.assign(ng, std::vector<std::vector<double>>(nm, std::vector<double>(nModels, kNaN)));
    for (std::size_t g = 0; g < ng; ++g) {
        for (const auto& o : study.obs) {
            const StudyItem& it = study.items[std::size_t(o.item)];
            if (!itemIn_[g][std::size_t(o.item)]) continue;
            judgements_[g][std::size_t(it.first)] += 1;
            judgements_[g][std::size_t(it.second)] += 1;
        }
        for (std::size_t m = 0; m < nm; ++m) {
            std::vector<double> sum(nModels, 0.0), cnt(nModels, 0.0);
            for (const LeaderboardEdit& e : scores.leaderboard) {
                if (!std::isfinite(e.g[m])) continue;
                if (g > 0 && e.task != groupNames_[g]) continue;
                sum[std::size_t(e.model)] += e.g[m];
                cnt[std::size_t(e.model)] += 1;
            }
            for (std::size_t k = 0; k < nModels; ++k)
                if (cnt[k] > 0) leaderboard_[g][m][k] = sum[k] / cnt[k];
        }
    }
    for (std::size_t g = 0; g < ng; ++g)
        for (std::size_t m = 0; m < nm; ++m) {
            std::vector<std::size_t> sel;
            for (std::size_t o = 0; o < no; ++o) {
                const auto item = std::size_t(study.obs[o].item);
                const double x = scores.x[m][item];
                if (!itemIn_[g][item] || !std::isfinite(x)) continue;
                if (x == 0) {
                    ++equal_[g][m];
                    continue;
                }
                sel.push_back(o);
            }
            std::stable_sort(sel.begin(), sel.end(), [&](std::size_t a, std::size_t b) {
                return std::fabs(scores.x[m][std::size_t(study.obs[a].item)]) <
                       std::fabs(scores.x[m][std::size_t(study.obs[b].item)]);
            });
            const std::size_t n = sel.size();
            for (std::size_t k = 0; k < n; ++k) {
                const int q = int(4 * k / n);
                quartile_[g][m][sel[k]] = static_cast<signed char>(q);
                const double d = std::fabs(scores.x[m][std::size_t(study.obs[sel[k]].item)]);
                for (int b : {q, 4}) {
                    AgreementBin& bin = bins_[g][m][std::size_t(b)];
                    if (bin.decisions == 0) bin.minAbsDiff = d;
                    bin.maxAbsDiff = d;
                    ++bin.decisions;
                }
            }
        }
}

bool DrawStatistics::ranked(std::size_t g, std::size_t m, std::size_t model) const {
    return judgements_[g][model] >= double(minModelJudgements_) && judgements_[g][model] > 0 &&
           std::isfinite(leaderboard_[g][m][model]);
}

DrawStats DrawStatistics::evaluate(const ClusterDraw& draw) const {
    const std::size_t ni = study_.items.size(), nm = scores_.metrics.size(), ng = groupNames_.size();
    const std::size_t nModels = study_.models.size();
    DrawStats s;
    s.agreement.assign(ng, std::vector<std::array<double, 5>>(nm, {kNaN, kNaN, kNaN, kNaN, kNaN}));
    s.corr.assign(ng, std::vector<std::array<double, 3>>(nm, {kNaN, kNaN, kNaN}));
    s.partial.assign(ng, std::vector<std::vector<double>>(nm, std::vector<double>(nm, kNaN)));
    s.btLog.assign(ng, std::vector<double>(nModels, kNaN));
    s.rank.assign(ng, std::vector<std::array<double, 2>>(nm, {kNaN, kNaN}));

    std::vector<double> mean, wsum;
    itemMeans(study_, draw.raterCount, mean, wsum);
    const auto mult = [&](std::size_t i) { return draw.sceneCount[std::size_t(study_.items[i].scene)]; };

    // Item-level correlations and partial correlations.
    std::vector<double> x, h, x2;
    for (std::size_t g = 0; g < ng; ++g) {
        for (std::size_t m = 0; m < nm; ++m) {
            x.clear();
            h.clear();
            for (std::size_t i = 0; i < ni; ++i) {
                if (!itemIn_[g][i] || !(wsum[i] > 0) || !std::isfinite(scores_.x[m][i])) continue;
                const double e = humanEffect(study_.kind, mean[i]);
                for (int k = mult(i); k > 0; --k) {
                    x.push_back(scores_.x[m][i]);
                    h.push_back(e);
                }
            }
            s.corr[g][m] = {pearson(x, h), spearman(x, h), kendallTauB(x, h)};
            for (std::size_t m2 = 0; m2 < nm; ++m2) {
                if (m2 == m) continue;
                x.clear();
                h.clear();
                x2.clear();
                for (std::size_t i = 0; i < ni; ++i) {
                    if (!itemIn_[g][i] || !(wsum[i] > 0) || !std::isfinite(scores_.x[m][i]) ||
                        !std::isfinite(scores_.x[m2][i]))
                        continue;
                    const double e = humanEffect(study_.kind, mean[i]);
                    for (int k = mult(i); k > 0; --k) {
                        x.push_back(scores_.x[m][i]);
                        x2.push_back(scores_.x[m2][i]);
                        h.push_back(e);
                    }
                }
                s.partial[g][m][m2] = partialCorrelation(h, x, {x2});
            }
        }
    }
    if (study_.kind != StudyKind::Pairs) return s;

    // Decision-level agreement and Bradley-Terry wins.
    std::vector<std::vector<std::array<double, 5>>> num(ng, std::vector<std::array<double, 5>>(nm)),
        den(ng, std::vector<std::array<double, 5>>(nm));
    std::vector<Eigen::MatrixXd> wins(ng, Eigen::MatrixXd::Zero(Eigen::Index(nModels), Eigen::Index(nModels)));
    for (std::size_t o = 0; o < study_.obs.size(); ++o) {
        const Observation& ob = study_.obs[o];
        const auto item = std::size_t(ob.item);
        const double w = double(draw.raterCount[std::size_t(ob.rater)]) * double(mult(item));
        if (w == 0) continue;
        const StudyItem& it = study_.items[item];
        for (std::size_t g = 0; g < ng; ++g) {
            if (!itemIn_[g][item]) continue;
            wins[g](it.first, it.second) += w * ob.value;
            wins[g](it.second, it.first) += w * (1 - ob.value);
            for (std::size_t m = 0; m < nm; ++m) {
                const int q = quartile_[g][m][o];
                if (q < 0) continue;
                const double a = scores_.x[m][item] > 0 ? ob.value : 1 - ob.value;
                for (int b : {q, 4}) {
                    num[g][m][std::size_t(b)] += w * a;
                    den[g][m][std::size_t(b)] += w;
                }
            }
        }
    }
    for (std::size_t g = 0; g < ng; ++g) {
        for (std::size_t m = 0; m < nm; ++m)
            for (std::size_t b = 0; b < 5; ++b)
                s.agreement[g][m][b] = den[g][m][b] > 0 ? num[g][m][b] / den[g][m][b] : kNaN;
        const BradleyTerryFit fit = fitBradleyTerry(wins[g], btPrior_);
        s.btLog[g] = fit.logStrength;
        for (std::size_t m = 0; m < nm; ++m) {
            std::vector<double> a, b;
            for (std::size_t k = 0; k < nModels; ++k)
                if (std::isfinite(fit.logStrength[k]) && ranked(g, m, k)) {
                    a.push_back(fit.logStrength[k]);
                    b.push_back(leaderboard_[g][m][k]);
                }
            s.rank[g][m] = {kendallTauB(a, b), spearman(a, b)};
        }
    }
    return s;
}

} // namespace ll::stats
