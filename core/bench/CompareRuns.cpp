#include "bench/CompareRuns.h"

#include "bench/Aggregate.h"
#include "bench/BenchTables.h"
#include "bench/NumberFormat.h"
#include "stats/Wilcoxon.h"

#include <array>
#include <map>
#include <set>

namespace ll::bench {

namespace {

std::optional<double> scoreOf(const ScoreRow& r, bool lfe) {
    if (r.failed()) return std::nullopt;
    return lfe ? r.lfe : r.sie;
}

// Per model and task, the rows of one run (bad_scene rows left out, as in the main table).
std::map<std::pair<std::string, Task>, std::vector<const ScoreRow*>> byModelTask(const std::vector<ScoreRow>& rows) {
    std::map<std::pair<std::string, Task>, std::vector<const ScoreRow*>> m;
    for (const auto& r : rows)
        if (r.failure != Failure::BadScene) m[{r.model, r.task}].push_back(&r);
    return m;
}

} // namespace

Table compareRuns(const std::vector<ScoreRow>& baseline, const std::vector<ScoreRow>& run, const CompareOptions& o) {
    const auto base = byModelTask(baseline), now = byModelTask(run);
    std::set<std::string> baseModels;
    std::set<Task> taskSet;
    for (const auto& [k, v] : base) baseModels.insert(k.first);
    for (const auto& [k, v] : now) taskSet.insert(k.second);
    std::vector<std::string> models;
    for (const auto& m : rankedModels(run, o.bestPercent))
        if (baseModels.count(m)) models.push_back(m);
    const std::vector<Task> tasks(taskSet.begin(), taskSet.end());

    Table t;
    t.name = "compare";
    t.caption = "Change from the baseline run (run - baseline) of SIE and LFE over the best " + formatExact(o.bestPercent) +
                "% of images per model and task; p: two-sided paired Wilcoxon signed-rank test over the images "
                "both runs scored (zero differences dropped; exact for up to 50 untied non-zero differences, "
                "else the normal approximation with tie correction), Holm-corrected across the models of "
                "each column; n: matched images.";
    t.labelHeaders = {"Model"};
    for (Task task : tasks)
        for (const char* m : {"sie", "lfe"}) {
            const std::string key = std::string(taskName(task)) + "." + m;
            const std::string group = std::string(task == Task::On ? "Turn-on " : "Turn-off ") + (m[0] == 's' ? "SIE" : "LFE");
            t.columns.push_back(makeColumn(key, group, "run", Better::Lower, 3, CellFormat::Fixed));
            t.columns.push_back(makeColumn(key + ".delta", group, "delta", Better::None, 3, CellFormat::Delta));
            t.columns.push_back(makeColumn(key + ".p_holm", group, "p (Holm)", Better::None, 3, CellFormat::Fixed));
            t.columns.push_back(makeColumn(key + ".n", group, "n", Better::None, 0, CellFormat::Integer));
        }
    for (const auto& model : models) t.rows.push_back({{model}, {}, true, 0});

    for (Task task : tasks)
        for (bool lfe : {false, true}) {
            std::vector<double> p;
            std::vector<bool> testedModel;
            std::vector<std::array<std::optional<double>, 3>> cells; // run, delta, n
            for (const auto& model : models) {
                const auto bi = base.find({model, task});
                const auto ni = now.find({model, task});
                std::vector<std::optional<double>> bv, nv;
                std::map<std::string, double> baseScores;
                if (bi != base.end())
                    for (const ScoreRow* r : bi->second) {
                        bv.push_back(scoreOf(*r, lfe));
                        if (const auto s = scoreOf(*r, lfe)) baseScores[r->scene] = *s;
                    }
                std::vector<double> diffs;
                if (ni != now.end())
                    for (const ScoreRow* r : ni->second) {
                        nv.push_back(scoreOf(*r, lfe));
                        const auto s = scoreOf(*r, lfe);
                        const auto b = baseScores.find(r->scene);
                        if (s && b != baseScores.end()) diffs.push_back(*s - b->second);
                    }
                const auto runMean = bestFractionMean(nv, o.bestPercent).mean;
                const auto baseMean = bestFractionMean(bv, o.bestPercent).mean;
                const auto test = stats::wilcoxonSignedRank(diffs);
                p.push_back(test.p);
                testedModel.push_back(test.n > 0);
                cells.push_back({runMean, runMean && baseMean ? std::optional<double>(*runMean - *baseMean) : std::nullopt,
                                 double(diffs.size())});
                if (test.n > 0)
                    t.notes.push_back("- " + model + ", " + (task == Task::On ? "turn-on " : "turn-off ") + (lfe ? "LFE" : "SIE") +
                                      ": n = " + std::to_string(test.n) + " non-zero differences (" +
                                      std::to_string(test.zeros) + " zero), W+ = " + formatExact(test.wPlus) +
                                      ", W- = " + formatExact(test.wMinus) + ", p = " + formatFixed(test.p, 4) +
                                      (test.exact ? " (exact)" : " (normal approximation)") + ".");
            }
            // Holm over the models that have a test (at least one non-zero difference)
            std::vector<double> tested;
            for (std::size_t i = 0; i < models.size(); ++i)
                if (testedModel[i]) tested.push_back(p[i]);
            const auto adjustedTested = stats::holmAdjust(tested);
            std::vector<double> adjusted(models.size(), 1.0);
            for (std::size_t i = 0, j = 0; i < models.size(); ++i)
                if (testedModel[i]) adjusted[i] = adjustedTested[j++];
            for (std::size_t i = 0; i < models.size(); ++i) {
                auto& row = t.rows[i];
                const bool anyPairs = testedModel[i];
                row.cells.push_back({cells[i][0], {}});
                row.cells.push_back({cells[i][1], {}});
                row.cells.push_back({anyPairs ? std::optional<double>(adjusted[i]) : std::nullopt, {}});
                row.cells.push_back({cells[i][2], {}});
            }
        }
    if (!t.notes.empty()) t.notes.insert(t.notes.begin(), "Unadjusted tests:");
    return t;
}

} // namespace ll::bench
