#include "stats/Validation.h"

#include "stats/ClusterBootstrap.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>

namespace ll::stats {

namespace {

struct Draws {
    const std::vector<DrawStats>& draws;
    double level;

    Estimate make(double value, std::size_t n, const std::function<double(const DrawStats&)>& get) const {
        Estimate e;
        e.value = value;
        e.n = n;
        std::vector<double> v;
        v.reserve(draws.size());
        for (const auto& d : draws) {
            const double x = get(d);
            if (std::isfinite(x)) v.push_back(x);
            else ++e.undefinedDraws;
        }
        e.ci = percentileInterval(v, level);
        return e;
    }
};

} // namespace

ValidationResult validate(const StudyData& study, const ItemScores& scores, const ValidationOptions& options,
                          std::vector<RaterScreening> screening, std::vector<std::string> excludedRaters,
                          const RunControl* control) {
    ValidationResult r;
    r.kind = study.kind;
    r.options = options;
    r.metrics = scores.metrics;
    for (bool h : scores.higherBetter) r.directions.push_back(h ? "higher" : "lower");
    r.raters = study.raters.size();
    r.scenes = study.scenes.size();
    r.items = study.items.size();
    r.observations = study.obs.size();
    r.checks = study.checks.size();
    r.missingScores = scores.missingItems;
    r.screening = std::move(screening);
    r.excludedRaters = std::move(excludedRaters);

    const DrawStatistics stats(study, scores, options.btPrior, options.taskGroups, options.minModelJudgements);
    r.groups = stats.groups();
    if (study.kind == StudyKind::Pairs) r.humanAgreement = humanAgreement(study, r.groups);
    const std::size_t ng = r.groups.size(), nm = scores.metrics.size(), ni = study.items.size();
    const DrawStats point = stats.evaluate(identityDraw(study.raters.size(), study.scenes.size()));

    const auto t0 = std::chrono::steady_clock::now();
    std::vector<DrawStats> draws(std::size_t(std::max(options.draws, 0)));
    ProgressCounter progress(control, std::size_t(std::max(options.draws, 0)) +
                                          ng * std::size_t(std::max(options.splits, 0)));
    throwIfStopRequested(control);
    forEachDraw(study.raters.size(), study.scenes.size(), options.draws, options.seed,
                [&](int d, const ClusterDraw& draw) {
                    draws[std::size_t(d)] = stats.evaluate(draw);
                    progress.add();
                },
                [&] { return control && control->stopRequested(); });
    throwIfStopRequested(control);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const Draws D{draws, options.level};

    // Items per group and metric with a defined effect and score (the n of the correlations).
    std::vector<double> mean, wsum;
    itemMeans(study, {}, mean, wsum);
    const auto itemsWith = [&](std::size_t g, std::size_t m, long m2 = -1) {
        std::size_t n = 0;
        for (std::size_t i = 0; i < ni; ++i)
            if (stats.inGroup(g, i) && wsum[i] > 0 && std::isfinite(scores.x[m][i]) &&
                (m2 < 0 || std::isfinite(scores.x[std::size_t(m2)][i])))
                ++n;
        return n;
    };

    for (std::size_t g = 0; g < ng; ++g) {
        const std::string& G = r.groups[g];
        for (std::size_t m = 0; m < nm; ++m) {
            const std::size_t n = itemsWith(g, m);
            CorrelationRow c{G, scores.metrics[m], {}, {}, {}};
            c.pearson = D.make(point.corr[g][m][0], n, [&](const DrawStats& d) { return d.corr[g][m][0]; });
            c.spearman = D.make(point.corr[g][m][1], n, [&](const DrawStats& d) { return d.corr[g][m][1]; });
            c.kendall = D.make(point.corr[g][m][2], n, [&](const DrawStats& d) { return d.corr[g][m][2]; });
            r.correlation.push_back(c);
            for (std::size_t m2 = m + 1; m2 < nm; ++m2) {
                const std::size_t n2 = itemsWith(g, m, long(m2));
                DifferenceRow dr{G, scores.metrics[m], scores.metrics[m2], {}, {}, {}};
                std::array<Estimate*, 3> out{&dr.pearson, &dr.spearman, &dr.kendall};
                for (std::size_t k = 0; k < 3; ++k)
                    *out[k] = D.make(point.corr[g][m][k] - point.corr[g][m2][k], n2,
                                     [&](const DrawStats& d) { return d.corr[g][m][k] - d.corr[g][m2][k]; });
                r.differences.push_back(dr);
                PartialRow pr{G, scores.metrics[m], scores.metrics[m2], {}, {}};
                pr.hGgivenX = D.make(point.partial[g][m][m2], n2, [&](const DrawStats& d) { return d.partial[g][m][m2]; });
                pr.hXgivenG = D.make(point.partial[g][m2][m], n2, [&](const DrawStats& d) { return d.partial[g][m2][m]; });
                r.partial.push_back(pr);
            }
        }
        std::vector<bool> in(ni);
        for (std::size_t i = 0; i < ni; ++i) in[i] = stats.inGroup(g, i);
        r.reliability.push_back({G, splitHalfReliability(study, in, options.splits, options.seed, control, &progress)});
        for (std::size_t i = 0; i < ni; ++i)
            if (in[i] && wsum[i] > 0)
                for (std::size_t m = 0; m < nm; ++m)
                    if (std::isfinite(scores.x[m][i]))
                        r.scatter.push_back({G, scores.metrics[m], study.items[i].name, scores.x[m][i],
                                             humanEffect(study.kind, mean[i]), wsum[i]});

        if (study.kind != StudyKind::Pairs) continue;
        for (std::size_t m = 0; m < nm; ++m) {
            AgreementRow a{G, scores.metrics[m], {}, {}, stats.equalScoreDecisions(g, m)};
            for (int b = 0; b < 5; ++b) {
                a.ranges[std::size_t(b)] = stats.bin(g, m, b);
                a.bins[std::size_t(b)] = D.make(point.agreement[g][m][std::size_t(b)], stats.bin(g, m, b).decisions,
                                                [&](const DrawStats& d) { return d.agreement[g][m][std::size_t(b)]; });
            }
            r.agreement.push_back(a);
        }
        // Bradley-Terry: models that appear in this group.
        std::vector<double> w(study.models.size(), 0), l(study.models.size(), 0), t(study.models.size(), 0);
        for (const auto& o : study.obs) {
            const StudyItem& it = study.items[std::size_t(o.item)];
            if (!stats.inGroup(g, std::size_t(o.item))) continue;
            auto& fw = o.value > 0.75 ? w : o.value < 0.25 ? l : t;
            auto& sw = o.value > 0.75 ? l : o.value < 0.25 ? w : t;
            fw[std::size_t(it.first)] += 1;
            sw[std::size_t(it.second)] += 1;
        }
        const std::size_t firstRow = r.strengths.size();
        for (std::size_t k = 0; k < study.models.size(); ++k) {
            if (!std::isfinite(point.btLog[g][k])) continue;
            ModelStrengthRow ms{G, study.models[k], {}, std::exp(point.btLog[g][k]), w[k], l[k], t[k],
                                stats.modelJudgements(g, k) >= double(options.minModelJudgements)};
            ms.logStrength = D.make(point.btLog[g][k], std::size_t(w[k] + l[k] + t[k]),
                                    [&](const DrawStats& d) { return d.btLog[g][k]; });
            r.strengths.push_back(ms);
        }
        std::stable_sort(r.strengths.begin() + std::ptrdiff_t(firstRow), r.strengths.end(),
                         [](const ModelStrengthRow& a, const ModelStrengthRow& b) {
                             return a.logStrength.value > b.logStrength.value;
                         });
        for (std::size_t m = 0; m < nm; ++m) {
            RankAgreementRow ra{G, scores.metrics[m], {}, {}, {}, {}};
            for (std::size_t k = 0; k < study.models.size(); ++k)
                if (std::isfinite(point.btLog[g][k]) && stats.ranked(g, m, k)) {
                    ra.models.push_back(study.models[k]);
                    ra.leaderboardMeans.push_back(stats.leaderboardMean(g, m, k));
                }
            const std::size_t ranked = ra.models.size();
            ra.kendall = D.make(point.rank[g][m][0], ranked, [&](const DrawStats& d) { return d.rank[g][m][0]; });
            ra.spearman = D.make(point.rank[g][m][1], ranked, [&](const DrawStats& d) { return d.rank[g][m][1]; });
            r.ranking.push_back(ra);
            for (std::size_t m2 = m + 1; m2 < nm; ++m2) {
                RankDifferenceRow rd{G, scores.metrics[m], scores.metrics[m2], {}};
                rd.kendall = D.make(point.rank[g][m][0] - point.rank[g][m2][0], ra.models.size(),
                                    [&](const DrawStats& d) { return d.rank[g][m][0] - d.rank[g][m2][0]; });
                r.rankDifferences.push_back(rd);
            }
        }
    }
    return r;
}

} // namespace ll::stats
