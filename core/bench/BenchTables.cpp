#include "bench/BenchTables.h"

#include "bench/Aggregate.h"
#include "bench/NumberFormat.h"
#include "bench/RegionValues.h"
#include "util/Error.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace ll::bench {

namespace {

enum class Metric { Sie, Lfe, Sie1, Psnr, Ssim, SdSie, SdLfe };

std::optional<double> metricOf(const ScoreRow& r, Metric m) {
    if (r.failed()) return std::nullopt;
    switch (m) {
    case Metric::Sie: return r.sie;
    case Metric::Lfe: return r.lfe;
    case Metric::Sie1: return r.sie1;
    case Metric::Psnr: return r.psnr;
    case Metric::Ssim: return r.ssim;
    case Metric::SdSie: return r.sdSie;
    case Metric::SdLfe: return r.sdLfe;
    }
    return std::nullopt;
}

std::string taskGroup(Task t) { return t == Task::On ? "Turning light on" : "Turning light off"; }
std::string taskLabel(Task t) { return t == Task::On ? "Turn-on" : "Turn-off"; }

std::string percentText(double p) {
    std::string s = formatExact(p);
    return s;
}

// Rows of one model and task, in canonical order; rows of failed scenes are left out.
struct Data {
    std::vector<std::string> models; // without the baseline, sorted by name
    bool hasBaseline = false;
    std::vector<Task> tasks;
    std::map<std::pair<std::string, Task>, std::vector<const ScoreRow*>> byModelTask;
    std::vector<std::string> regions, bands, regimes;

    const std::vector<const ScoreRow*>& of(const std::string& model, Task t) const {
        static const std::vector<const ScoreRow*> none;
        auto it = byModelTask.find({model, t});
        return it == byModelTask.end() ? none : it->second;
    }
    std::vector<std::optional<double>> values(const std::string& model, Task t, Metric m) const {
        std::vector<std::optional<double>> v;
        for (const ScoreRow* r : of(model, t)) v.push_back(metricOf(*r, m));
        return v;
    }
    BestMean best(const std::string& model, Task t, Metric m, double percent) const {
        return bestFractionMean(values(model, t, m), percent);
    }
};

Data collect(const std::vector<ScoreRow>& rows) {
    Data d;
    std::set<std::string> models, regions, bands, regimes;
    std::set<Task> tasks;
    std::vector<const ScoreRow*> sorted;
    for (const auto& r : rows) sorted.push_back(&r);
    std::stable_sort(sorted.begin(), sorted.end(), [](const ScoreRow* a, const ScoreRow* b) { return rowLess(*a, *b); });
    for (const ScoreRow* r : sorted) {
        tasks.insert(r->task);
        if (r->model == kDoNothingModel) d.hasBaseline = true;
        else models.insert(r->model);
        if (r->failure == Failure::BadScene) continue;
        d.byModelTask[{r->model, r->task}].push_back(r);
        regimes.insert(r->regime);
        for (const auto& [k, v] : r->regions)
            if (k != "window") regions.insert(k);
        for (const auto& [k, v] : r->bands) bands.insert(k);
    }
    d.models.assign(models.begin(), models.end());
    d.tasks.assign(tasks.begin(), tasks.end());
    d.regions = orderRegions({regions.begin(), regions.end()});
    d.bands = orderBands({bands.begin(), bands.end()});
    // Regimes in the paper's order, then any other name, then "not given".
    const std::vector<std::string> known = {"natural", "artificial", "mixed"};
    for (const auto& k : known)
        if (regimes.count(k)) d.regimes.push_back(k);
    for (const auto& r : regimes)
        if (!r.empty() && std::find(known.begin(), known.end(), r) == known.end()) d.regimes.push_back(r);
    if (regimes.count("")) d.regimes.push_back("");
    return d;
}

std::string regimeLabel(const std::string& r) {
    if (r == "natural") return "Natural";
    if (r == "artificial") return "Artificial (indoor)";
    if (r == "mixed") return "Mixed";
    if (r.empty()) return "Regime not given";
    return r;
}

std::vector<std::string> modelOrder(const Data& d, double percent) {
    std::vector<std::vector<std::optional<double>>> cols;
    for (Task t : d.tasks)
        for (Metric m : {Metric::Sie, Metric::Lfe}) {
            std::vector<std::optional<double>> c;
            for (const auto& model : d.models) c.push_back(d.best(model, t, m, percent).mean);
            cols.push_back(std::move(c));
        }
    const auto ranks = averageRanks(cols);
    std::vector<std::size_t> idx(d.models.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return ranks[a] < ranks[b]; });
    std::vector<std::string> out;
    for (std::size_t i : idx) out.push_back(d.models[i]);
    return out;
}

// An imported score's header: known learned metrics as their papers spell them, others as named.
std::string importedLabel(const std::string& name) {
    std::string lower = name;
    for (auto& ch : lower) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (lower == "lpips") return "LPIPS";
    if (lower == "dreamsim") return "DreamSim";
    return name;
}

std::string bestText(double percent) { return "best " + percentText(percent) + "%"; }

std::vector<std::string> undefinedNotes(const Data& d, const std::vector<std::string>& models, double percent) {
    std::vector<std::string> notes;
    for (const auto& model : models)
        for (Task t : d.tasks) {
            std::size_t failed = 0, degenerate = 0;
            for (const ScoreRow* r : d.of(model, t)) {
                failed += r->failed();
                degenerate += r->failure == Failure::DegenerateEdit;
            }
            const auto sie = d.best(model, t, Metric::Sie, percent);
            const auto lfe = d.best(model, t, Metric::Lfe, percent);
            if (sie.undefined == 0 && lfe.undefined == 0) continue;
            notes.push_back("- " + model + ", " + taskLabel(t) + ": " + std::to_string(sie.undefined) + " of " +
                            std::to_string(sie.total) + " SIE and " + std::to_string(lfe.undefined) + " of " +
                            std::to_string(lfe.total) + " LFE scores undefined (" + std::to_string(failed) +
                            " failed edits, " + std::to_string(degenerate) +
                            " of them degenerate); counted as worst, so a mean over them is n/a.");
        }
    if (!notes.empty()) notes.insert(notes.begin(), "Undefined scores:");
    return notes;
}

Table mainTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "main";
    t.caption = "Light transport error for the turn-on and turn-off tasks: SIE and LFE averaged over the " +
                bestText(o.bestPercent) + " of images per model and task; average rank over these columns "
                "(ranked on the printed values, ties share the best rank). Lower is better. Best in bold, "
                "runner-up underlined.";
    t.labelHeaders = {"Model"};
    for (Task task : d.tasks) {
        t.columns.push_back(makeColumn(std::string(taskName(task)) + ".sie", taskGroup(task), "SIE", Better::Lower));
        t.columns.push_back(makeColumn(std::string(taskName(task)) + ".lfe", taskGroup(task), "LFE", Better::Lower));
    }
    t.columns.push_back(makeColumn("avg_rank", "", "Avg. rank", Better::Lower, 1));
    std::vector<std::vector<std::optional<double>>> cols;
    for (Task task : d.tasks)
        for (Metric m : {Metric::Sie, Metric::Lfe}) {
            std::vector<std::optional<double>> c;
            for (const auto& model : models) c.push_back(d.best(model, task, m, o.bestPercent).mean);
            cols.push_back(std::move(c));
        }
    const auto ranks = averageRanks(cols);
    for (std::size_t i = 0; i < models.size(); ++i) {
        TableRow r;
        r.labels = {models[i]};
        for (const auto& c : cols) r.cells.push_back({c[i], std::nullopt});
        r.cells.push_back({roundHalfAwayFromZero(ranks[i], 1), std::nullopt});
        t.rows.push_back(std::move(r));
    }
    t.notes = undefinedNotes(d, models, o.bestPercent);
    return t;
}

Table percentilesTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "percentiles";
    t.caption = "SIE and LFE per task over the best x% of images of each model. Lower is better. Best in bold, "
                "runner-up underlined (per task).";
    t.labelHeaders = {"Task", "Model"};
    for (double p : o.percentiles) {
        const std::string key = "best" + percentText(p);
        t.columns.push_back(makeColumn(key + ".sie", "Best " + percentText(p) + "%", "SIE", Better::Lower));
        t.columns.push_back(makeColumn(key + ".lfe", "Best " + percentText(p) + "%", "LFE", Better::Lower));
    }
    int group = 0;
    for (Task task : d.tasks) {
        for (const auto& model : models) {
            TableRow r;
            r.labels = {taskLabel(task), model};
            r.group = group;
            for (double p : o.percentiles)
                for (Metric m : {Metric::Sie, Metric::Lfe}) r.cells.push_back({d.best(model, task, m, p).mean, {}});
            t.rows.push_back(std::move(r));
        }
        ++group;
    }
    return t;
}

// Best-x% mean of a region's scores: failed edits count as worst, images where the region has too few
// valid pixels are left out (RegionValues.h).
std::optional<double> regionMean(const Data& d, const std::string& model, Task task, bool band,
                                 const std::string& key, bool lfe, double percent) {
    return bestFractionMean(regionValues(d.of(model, task), band, key, lfe).values, percent).mean;
}

// The notes of a class or band table: how many images each cell counted as worst or left out.
std::vector<std::string> regionNotes(const Data& d, const std::vector<std::string>& models, bool band,
                                     const std::vector<std::string>& keys) {
    std::vector<std::string> notes;
    for (const auto& model : models)
        for (Task t : d.tasks) {
            std::size_t failed = 0, images = d.of(model, t).size();
            std::string leftOut;
            for (const auto& k : keys) {
                const auto v = regionValues(d.of(model, t), band, k, false);
                failed = v.failed;
                if (v.leftOut) leftOut += " " + k + (band ? "%" : "") + " " + std::to_string(v.leftOut) + ",";
            }
            if (!leftOut.empty()) leftOut.back() = ';';
            if (failed == 0 && leftOut.empty()) continue;
            std::string line = "- " + model + ", " + taskLabel(t) + ": ";
            if (failed) line += std::to_string(failed) + " of " + std::to_string(images) + " images failed or undefined (counted as worst in every cell)";
            if (!leftOut.empty())
                line += std::string(failed ? "; " : "") + "left out for too few valid pixels (SIE):" + leftOut.substr(0, leftOut.size() - 1);
            notes.push_back(line + ".");
        }
    if (!notes.empty()) notes.insert(notes.begin(), "Images per cell:");
    return notes;
}

std::string bandLabel(const std::string& key) { return key + "%"; }

Table regionTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o, bool band,
                  bool relative) {
    Table t;
    const auto& keys = band ? d.bands : d.regions;
    t.name = band ? "bands" : relative ? "classes_relative" : "classes";
    if (band)
        t.caption = "SIE and LFE per intensity band of the probe's light (percent of its maximum in the real pair), "
                    "over the " + bestText(o.bestPercent) + " of images; failed edits count as worst, images in "
                    "which the band has too few valid pixels are left out. Lower is better.";
    else if (!relative)
        t.caption = "SIE and LFE per annotation class, over the " + bestText(o.bestPercent) +
                    " of images; failed edits count as worst, images in which the class has too few valid "
                    "pixels are left out. Lower is better.";
    else
        t.caption = "SIE and LFE per annotation class relative to the best model of each column "
                    "(value / best - 1; the best model is 0%). Lower is better.";
    t.labelHeaders = {"Task", "Model"};
    for (const auto& k : keys)
        for (const char* m : {"sie", "lfe"}) {
            const std::string label = std::string(m) == "sie" ? "SIE" : "LFE";
            Column c = makeColumn((band ? "band." : "class.") + k + "." + m, band ? bandLabel(k) : k, label, Better::Lower,
                           relative ? 1 : 3, relative ? CellFormat::Percent : CellFormat::Fixed);
            t.columns.push_back(c);
        }
    int group = 0;
    for (Task task : d.tasks) {
        std::vector<std::vector<std::optional<double>>> vals(models.size());
        for (std::size_t i = 0; i < models.size(); ++i)
            for (const auto& k : keys)
                for (bool lfe : {false, true})
                    vals[i].push_back(regionMean(d, models[i], task, band, k, lfe, o.bestPercent));
        if (relative) {
            for (std::size_t c = 0; c < t.columns.size(); ++c) {
                std::optional<double> best;
                for (std::size_t i = 0; i < models.size(); ++i)
                    if (vals[i][c] && (!best || *vals[i][c] < *best)) best = vals[i][c];
                for (std::size_t i = 0; i < models.size(); ++i) vals[i][c] = relativeToBest(vals[i][c], best);
            }
        }
        for (std::size_t i = 0; i < models.size(); ++i) {
            TableRow r;
            r.labels = {taskLabel(task), models[i]};
            r.group = group;
            for (const auto& v : vals[i]) r.cells.push_back({v, {}});
            t.rows.push_back(std::move(r));
        }
        ++group;
    }
    if (keys.empty()) t.notes.push_back(band ? "No band scores in the results." : "No annotated classes in the results.");
    else t.notes = regionNotes(d, models, band, keys);
    return t;
}

Table regimeTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "regime";
    t.caption = "SIE and LFE by the lighting regime of the scene (meta.json), " +
                (o.regimePercent >= 100 ? std::string("the mean over all images of each regime")
                                        : "over the " + bestText(o.regimePercent) + " of the images of each regime") +
                ". Lower is better.";
    t.labelHeaders = {"Model"};
    for (const auto& regime : d.regimes)
        for (Task task : d.tasks)
            for (const char* m : {"sie", "lfe"})
                t.columns.push_back(makeColumn((regime.empty() ? std::string("none") : regime) + "." + taskName(task) + "." + m,
                                        regimeLabel(regime) + ", " + taskLabel(task),
                                        std::string(m) == "sie" ? "SIE" : "LFE", Better::Lower));
    std::map<std::string, std::size_t> sceneCount;
    {
        std::map<std::string, std::set<std::string>> scenes;
        for (const auto& [key, rows] : d.byModelTask)
            for (const ScoreRow* r : rows) scenes[r->regime].insert(r->scene);
        for (const auto& [k, v] : scenes) sceneCount[k] = v.size();
    }
    for (const auto& model : models) {
        TableRow r;
        r.labels = {model};
        for (const auto& regime : d.regimes)
            for (Task task : d.tasks)
                for (Metric m : {Metric::Sie, Metric::Lfe}) {
                    std::vector<std::optional<double>> v;
                    for (const ScoreRow* row : d.of(model, task))
                        if (row->regime == regime) v.push_back(metricOf(*row, m));
                    r.cells.push_back({bestFractionMean(v, o.regimePercent).mean, {}});
                }
        t.rows.push_back(std::move(r));
    }
    t.notes = undefinedNotes(d, models, o.regimePercent);
    std::string counts = "Scenes per regime:";
    for (const auto& regime : d.regimes)
        counts += " " + regimeLabel(regime) + " " + std::to_string(sceneCount[regime]) + ";";
    counts.back() = '.';
    if (!d.regimes.empty()) t.notes.push_back(counts);
    return t;
}

Table classicTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "classic";
    t.caption = "SIE and LFE (" + bestText(o.bestPercent) + " of images) beside PSNR and SSIM (mean over all "
                "scored images; computed on the 8-bit sRGB images as the model saw them). The do-nothing "
                "baseline returns the input image through the 8-bit path; it is not ranked. Best in bold, "
                "runner-up underlined.";
    t.labelHeaders = {"Model"};
    for (Task task : d.tasks) {
        const std::string k = taskName(task);
        t.columns.push_back(makeColumn(k + ".sie", taskGroup(task), "SIE", Better::Lower));
        t.columns.push_back(makeColumn(k + ".lfe", taskGroup(task), "LFE", Better::Lower));
        t.columns.push_back(makeColumn(k + ".psnr", taskGroup(task), "PSNR", Better::Higher, 2));
        t.columns.push_back(makeColumn(k + ".ssim", taskGroup(task), "SSIM", Better::Higher));
        for (const auto& c : o.imported)
            t.columns.push_back(makeColumn(k + ".imported." + c.name, taskGroup(task), importedLabel(c.name),
                                           c.better == ScoreDirection::Higher ? Better::Higher : Better::Lower));
    }
    std::vector<std::string> all = models;
    if (d.hasBaseline) all.push_back(kDoNothingModel);
    for (const auto& model : all) {
        TableRow r;
        r.labels = {model == kDoNothingModel ? std::string("do nothing (baseline)") : model};
        r.ranked = model != kDoNothingModel;
        r.group = r.ranked ? 0 : 1;
        for (Task task : d.tasks) {
            r.cells.push_back({d.best(model, task, Metric::Sie, o.bestPercent).mean, {}});
            r.cells.push_back({d.best(model, task, Metric::Lfe, o.bestPercent).mean, {}});
            r.cells.push_back({meanOfFinite(d.values(model, task, Metric::Psnr)).mean, {}});
            r.cells.push_back({meanOfFinite(d.values(model, task, Metric::Ssim)).mean, {}});
            for (const auto& c : o.imported) {
                std::vector<std::optional<double>> v;
                for (const ScoreRow* row : d.of(model, task)) v.push_back(importedScore(*row, c.name));
                r.cells.push_back({meanOfFinite(v).mean, {}});
            }
        }
        t.rows.push_back(std::move(r));
    }
    bool hasLpips = false;
    for (const auto& c : o.imported) {
        hasLpips = hasLpips || importedLabel(c.name) == "LPIPS";
        t.notes.push_back(importedLabel(c.name) + " is imported from " + c.source + " (" + betterName(c.better) +
                          " is better; mean over the scored images that have a value).");
    }
    if (!hasLpips)
        t.notes.push_back("LPIPS is not computed (it needs network weights that are not shipped); "
                          "import it with bench --import-scores.");
    return t;
}

// The shift names of the rows (--wb-shift): warm and cold first, as the paper prints them.
std::vector<std::string> shiftNames(const std::vector<ScoreRow>& rows) {
    std::set<std::string> names;
    for (const auto& r : rows)
        for (const auto& [k, v] : r.wb) names.insert(k);
    std::vector<std::string> out;
    for (const char* k : {"warm", "cold"})
        if (names.erase(k)) out.push_back(k);
    out.insert(out.end(), names.begin(), names.end());
    return out;
}

// Paper Table 6 with its white-balance rows: each classic score, then its change when the real pair is
// shifted (the same table value computed on the scores against the shifted pair, minus the score).
Table classicWbTable(const Data& d, const std::vector<std::string>& models, const std::vector<std::string>& shifts,
                     const TableOptions& o) {
    Table t;
    t.name = "classic_wb";
    std::string names;
    for (const auto& s : shifts) names += (names.empty() ? "" : ", ") + s;
    t.caption = "White-balance invariance: the classic table's SIE and LFE (" + bestText(o.bestPercent) +
                " of images), PSNR and SSIM (mean over all scored images), each followed by its change when "
                "the real pair is shifted (" + names + "; warm multiplies the channels by (1.12, 1, 0.85), cold "
                "by (0.88, 1, 1.15)); the edits are unchanged, PSNR/SSIM compare with the shifted target as "
                "the model would have seen it. The change is the same table entry computed on the shifted "
                "scores minus the entry. Best in bold, runner-up underlined (scores only).";
    t.labelHeaders = {"Model"};
    const std::vector<std::pair<Metric, std::string>> metrics = {
        {Metric::Sie, "SIE"}, {Metric::Lfe, "LFE"}, {Metric::Psnr, "PSNR"}, {Metric::Ssim, "SSIM"}};
    for (Task task : d.tasks)
        for (const auto& [m, label] : metrics) {
            const bool higher = m == Metric::Psnr || m == Metric::Ssim;
            const int decimals = m == Metric::Psnr ? 2 : 3;
            std::string key = std::string(taskName(task)) + "." + label;
            for (auto& ch : key) ch = char(std::tolower(static_cast<unsigned char>(ch)));
            t.columns.push_back(makeColumn(key, taskGroup(task), label, higher ? Better::Higher : Better::Lower, decimals));
            for (const auto& s : shifts)
                t.columns.push_back(makeColumn(key + ".d_" + s, taskGroup(task), "d(" + s + ")", Better::None, decimals, CellFormat::Delta));
        }
    auto shiftedValues = [&](const std::string& model, Task task, Metric m, const std::string& shift) {
        std::vector<std::optional<double>> v;
        for (const ScoreRow* r : d.of(model, task)) {
            std::optional<double> x;
            const auto it = r->wb.find(shift);
            if (!r->failed() && it != r->wb.end())
                x = m == Metric::Sie ? it->second.sie : m == Metric::Lfe ? it->second.lfe
                  : m == Metric::Psnr ? it->second.psnr : it->second.ssim;
            v.push_back(x);
        }
        return v;
    };
    auto entry = [&](const std::vector<std::optional<double>>& v, Metric m) {
        return m == Metric::Psnr || m == Metric::Ssim ? meanOfFinite(v).mean : bestFractionMean(v, o.bestPercent).mean;
    };
    std::vector<std::string> all = models;
    if (d.hasBaseline) all.push_back(kDoNothingModel);
    for (const auto& model : all) {
        TableRow r;
        r.labels = {model == kDoNothingModel ? std::string("do nothing (baseline)") : model};
        r.ranked = model != kDoNothingModel;
        r.group = r.ranked ? 0 : 1;
        for (Task task : d.tasks)
            for (const auto& [m, label] : metrics) {
                const auto base = entry(d.values(model, task, m), m);
                r.cells.push_back({base, {}});
                for (const auto& s : shifts) {
                    const auto shifted = entry(shiftedValues(model, task, m, s), m);
                    r.cells.push_back({base && shifted ? std::optional<double>(*shifted - *base) : std::nullopt, {}});
                }
            }
        t.rows.push_back(std::move(r));
    }
    return t;
}

Table sie1Table(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "sie1";
    t.caption = "SIE1, which penalises global exposure and white-balance changes (S1(X) = (X - 1) / MAD), over the " +
                bestText(o.bestPercent) + " of images. Lower is better. Best in bold, runner-up underlined.";
    t.labelHeaders = {"Model"};
    for (Task task : d.tasks)
        t.columns.push_back(makeColumn(std::string(taskName(task)) + ".sie1", "", taskLabel(task) + " SIE1", Better::Lower));
    for (const auto& model : models) {
        TableRow r;
        r.labels = {model};
        for (Task task : d.tasks) r.cells.push_back({d.best(model, task, Metric::Sie1, o.bestPercent).mean, {}});
        t.rows.push_back(std::move(r));
    }
    return t;
}

Table uncertaintyTable(const Data& d, const std::vector<std::string>& models, const TableOptions& o) {
    Table t;
    t.name = "uncertainty";
    t.caption = "SIE and LFE (" + bestText(o.bestPercent) + " of images) with the 8-bit quantisation uncertainty "
                "of the mean, sqrt(sum sigma_i^2) / N over the averaged images (sigma_i: Monte Carlo standard "
                "deviation of image i).";
    t.labelHeaders = {"Model"};
    for (Task task : d.tasks)
        for (const char* m : {"sie", "lfe"}) {
            Column c = makeColumn(std::string(taskName(task)) + "." + m, taskGroup(task), std::string(m) == "sie" ? "SIE" : "LFE",
                           Better::Lower);
            c.hasPlusMinus = true;
            t.columns.push_back(c);
        }
    for (const auto& model : models) {
        TableRow r;
        r.labels = {model};
        for (Task task : d.tasks)
            for (auto [m, sd] : {std::pair{Metric::Sie, Metric::SdSie}, std::pair{Metric::Lfe, Metric::SdLfe}}) {
                const auto b = d.best(model, task, m, o.bestPercent);
                const auto sds = d.values(model, task, sd);
                std::vector<std::optional<double>> sel;
                for (std::size_t i : b.selected) sel.push_back(sds[i]);
                const auto sigma = b.mean ? sigmaOfMean(sel) : std::nullopt;
                r.cells.push_back({b.mean, sigma});
                if (b.mean && !sigma) {
                    std::size_t without = 0;
                    for (const auto& s : sel) without += !s;
                    t.notes.push_back("- " + model + ", " + taskLabel(task) + ", " + (m == Metric::Sie ? "SIE" : "LFE") +
                                      ": no +- because " + std::to_string(without) + " of the " +
                                      std::to_string(sel.size()) + " averaged images have no Monte Carlo deviation "
                                      "(edits that are not 8-bit, or whose draws left the score undefined).");
                }
            }
        t.rows.push_back(std::move(r));
    }
    const auto undefined = undefinedNotes(d, models, o.bestPercent);
    if (!t.notes.empty()) t.notes.insert(t.notes.begin(), "Empty uncertainties:");
    t.notes.insert(t.notes.end(), undefined.begin(), undefined.end());
    return t;
}

} // namespace

std::vector<std::string> rankedModels(const std::vector<ScoreRow>& rows, double bestPercent) {
    return modelOrder(collect(rows), bestPercent);
}

void checkGroupKey(const std::string& key) {
    if (key.empty()) throw Error("--group-by", "empty key");
    for (char c : key)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
            throw Error("--group-by", "key '" + key + "' has characters other than letters, digits, '_', '-', '.'");
}

Table groupedMainTable(const std::vector<ScoreRow>& rows, const std::string& key, const TableOptions& o) {
    std::map<std::string, std::vector<ScoreRow>> groups; // value -> rows ("" = key not given)
    for (const auto& r : rows) {
        const auto it = r.meta.find(key);
        groups[it == r.meta.end() ? std::string() : it->second].push_back(r);
    }
    std::vector<std::string> values;
    for (const auto& [v, g] : groups)
        if (!v.empty()) values.push_back(v);
    if (groups.count("")) values.push_back("");

    std::set<Task> allTasks;
    for (const auto& r : rows) allTasks.insert(r.task);

    Table t;
    t.name = "main_by_" + key;
    t.labelHeaders = {key, "Model"};
    int group = 0;
    for (const auto& value : values) {
        Data d = collect(groups[value]);
        d.tasks.assign(allTasks.begin(), allTasks.end()); // the same columns in every group
        const Table m = mainTable(d, modelOrder(d, o.bestPercent), o);
        const std::string label = value.empty() ? std::string("(not given)") : value;
        t.columns = m.columns;
        for (const auto& mr : m.rows) {
            TableRow r = mr;
            r.labels.insert(r.labels.begin(), label);
            r.group = group;
            t.rows.push_back(std::move(r));
        }
        for (std::size_t i = 1; i < m.notes.size(); ++i) t.notes.push_back(m.notes[i] + " (" + key + " " + label + ")");
        t.caption = m.caption;
        ++group;
    }
    if (!t.notes.empty()) t.notes.insert(t.notes.begin(), "Undefined scores:");
    t.caption = "The main table per value of the scene metadata key '" + key + "' (meta.json), each group ranked on "
                "its own images. " + t.caption;
    return t;
}

std::vector<Table> buildTables(const std::vector<ScoreRow>& rows, const TableOptions& o) {
    const Data d = collect(rows);
    const auto models = modelOrder(d, o.bestPercent);
    std::vector<Table> tables;
    tables.push_back(mainTable(d, models, o));
    tables.push_back(percentilesTable(d, models, o));
    tables.push_back(regionTable(d, models, o, true, false));
    tables.push_back(regionTable(d, models, o, false, false));
    tables.push_back(regionTable(d, models, o, false, true));
    tables.push_back(regimeTable(d, models, o));
    tables.push_back(classicTable(d, models, o));
    tables.push_back(sie1Table(d, models, o));
    if (o.uncertainty) tables.push_back(uncertaintyTable(d, models, o));
    if (const auto shifts = shiftNames(rows); !shifts.empty()) tables.push_back(classicWbTable(d, models, shifts, o));
    for (const auto& key : o.groupBy) tables.push_back(groupedMainTable(rows, key, o));
    return tables;
}

} // namespace ll::bench
