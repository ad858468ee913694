#include "bench/BenchOutputs.h"

#include "bench/BenchTables.h"
#include "bench/NumberFormat.h"
#include "bench/PerImageColumns.h"
#include "bench/PerImageCsv.h"
#include "bench/TableWriters.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace ll::bench {

void sortRows(std::vector<ScoreRow>& rows) {
    std::stable_sort(rows.begin(), rows.end(), rowLess);
    for (std::size_t i = 1; i < rows.size(); ++i)
        if (!rowLess(rows[i - 1], rows[i]))
            throw Error("rows", "duplicate result for scene " + rows[i].scene + ", model " + rows[i].model + ", task " +
                                    taskName(rows[i].task));
}

namespace {

using ojson = nlohmann::ordered_json;

ojson numberOrNull(const std::optional<double>& v) {
    if (!v || !std::isfinite(*v)) return nullptr;
    return *v;
}

ojson tableJson(const Table& t) {
    ojson j;
    j["caption"] = t.caption;
    ojson cols = ojson::array();
    for (const auto& c : t.columns) cols.push_back(c.key);
    j["columns"] = cols;
    ojson rows = ojson::array();
    for (const auto& r : t.rows) {
        ojson row;
        row["labels"] = r.labels;
        ojson values = ojson::object();
        for (std::size_t c = 0; c < t.columns.size() && c < r.cells.size(); ++c) {
            values[t.columns[c].key] = numberOrNull(r.cells[c].value);
            if (t.columns[c].hasPlusMinus) values[t.columns[c].key + ".sd"] = numberOrNull(r.cells[c].plusMinus);
            if (t.columns[c].hasInterval) {
                values[t.columns[c].key + ".low"] = numberOrNull(r.cells[c].low);
                values[t.columns[c].key + ".high"] = numberOrNull(r.cells[c].high);
            }
        }
        row["values"] = values;
        rows.push_back(row);
    }
    j["rows"] = rows;
    return j;
}

} // namespace

ojson summaryJson(const RunPlan& plan, const std::vector<ScoreRow>& rows, const std::vector<Table>& tables,
                  const std::vector<std::string>& warnings) {
    ojson j;
    j["format"] = "lightlens-bench-summary/1";
    j["dataset"] = plan.datasetName;
    ojson cfg;
    cfg["models"] = plan.models;
    std::vector<std::string> tasks;
    for (Task t : plan.tasks) tasks.push_back(taskName(t));
    cfg["tasks"] = tasks;
    cfg["best_percent"] = plan.bestPercent;
    cfg["size"] = plan.size ? ojson::array({plan.size->first, plan.size->second}) : ojson();
    cfg["regime_percent"] = plan.regimePercent;
    if (!plan.groupBy.empty()) cfg["group_by"] = plan.groupBy;
    if (!plan.wbShifts.empty()) cfg["wb_shifts"] = planToJson(plan)["wb_shifts"];
    if (!plan.imported.empty()) cfg["imported_scores"] = planToJson(plan)["imported_scores"];
    cfg["uncertainty"] = plan.uncertainty;
    if (plan.uncertainty) {
        cfg["draws"] = plan.draws;
        cfg["seed"] = plan.seed;
    }
    cfg["shard"] = shardText(plan.shard);
    j["config"] = cfg;
    {
        // The evaluation size (paper 4.1): forced, or per scene the smallest edit of the scored models.
        ojson es;
        es["rule"] = plan.size ? "forced" : "smallest_edit_per_scene";
        ojson scenes = ojson::object();
        for (const auto& [scene, s] : plan.sceneSizes) scenes[scene] = ojson::array({s.first, s.second});
        es["scenes"] = scenes;
        es["mixed_edit_sizes"] = plan.mixedEditSizes;
        if (!plan.mixedEditSizes.empty()) es["warning"] = mixedSizesWarning(plan);
        j["evaluation_size"] = es;
    }

    std::size_t scored = 0, undefinedSie = 0, undefinedLfe = 0, degenerate = 0;
    std::map<Failure, std::size_t> byKind;
    ojson failures = ojson::array();
    std::map<std::string, std::map<std::string, ojson>> perModel;
    for (const auto& r : rows) {
        auto& pm = perModel[r.model][taskName(r.task)];
        if (pm.is_null()) pm = ojson{{"rows", 0}, {"scored", 0}, {"failed", 0}, {"undefined_sie", 0}, {"undefined_lfe", 0}};
        pm["rows"] = pm["rows"].get<int>() + 1;
        if (r.failed()) {
            ++byKind[r.failure];
            pm["failed"] = pm["failed"].get<int>() + 1;
            failures.push_back(ojson{{"scene", r.scene},
                                     {"model", r.model},
                                     {"task", taskName(r.task)},
                                     {"kind", failureName(r.failure)},
                                     {"file", r.errorFile},
                                     {"message", r.error}});
            continue;
        }
        ++scored;
        pm["scored"] = pm["scored"].get<int>() + 1;
        if (!r.sie) {
            ++undefinedSie;
            pm["undefined_sie"] = pm["undefined_sie"].get<int>() + 1;
        }
        if (!r.lfe) {
            ++undefinedLfe;
            pm["undefined_lfe"] = pm["undefined_lfe"].get<int>() + 1;
        }
        degenerate += r.degenerate;
    }
    ojson counts;
    counts["scenes"] = plan.scenes;
    counts["models"] = plan.models.size();
    counts["rows"] = rows.size();
    counts["scored"] = scored;
    counts["failed"] = rows.size() - scored;
    counts["missing_edits"] = byKind[Failure::MissingEdit];
    counts["bad_edits"] = byKind[Failure::BadEdit];
    counts["bad_scenes"] = byKind[Failure::BadScene];
    counts["degenerate_edits"] = byKind[Failure::DegenerateEdit];
    counts["undefined_sie"] = undefinedSie;
    counts["undefined_lfe"] = undefinedLfe;
    counts["degenerate"] = degenerate;
    counts["dataset_problems"] = plan.datasetProblems.size();
    j["counts"] = counts;
    ojson models = ojson::object();
    for (auto& [m, tasksJson] : perModel) {
        ojson t = ojson::object();
        for (auto& [k, v] : tasksJson) t[k] = v;
        models[m] = t;
    }
    j["per_model"] = models;
    j["failures"] = failures;
    auto probs = ojson::array();
    for (const auto& pr : plan.datasetProblems)
        probs.push_back(ojson{{"kind", pr.kind}, {"path", pr.path}, {"message", pr.message}});
    j["dataset_problems"] = probs;
    ojson tj = ojson::object();
    for (const auto& t : tables) tj[t.name] = tableJson(t);
    j["tables"] = tj;
    if (!warnings.empty()) j["warnings"] = warnings;
    return j;
}

std::string mixedSizesWarning(const RunPlan& plan) {
    return "the edits of " + std::to_string(plan.mixedEditSizes.size()) + " scene(s) differ in size (first: " +
           plan.mixedEditSizes.front() + "); each scene is evaluated at its smallest edit size (paper 4.1; " +
           "--size forces one size)";
}

void writeTables(const std::filesystem::path& dir, const std::vector<Table>& tables) {
    std::filesystem::create_directories(dir);
    for (const auto& t : tables) {
        writeFileAtomic(dir / (t.name + ".md"), tableToMarkdown(t));
        writeFileAtomic(dir / (t.name + ".csv"), tableToCsv(t));
        writeFileAtomic(dir / (t.name + ".tex"), tableToLatex(t));
    }
}

void writeResults(const std::filesystem::path& out, const RunPlan& plan, const std::vector<ScoreRow>& rows,
                  const std::vector<std::string>& warnings) {
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) throw Error(out.string(), "cannot create the output folder: " + ec.message());
    TableOptions to;
    to.bestPercent = plan.bestPercent;
    to.regimePercent = plan.regimePercent;
    to.uncertainty = plan.uncertainty;
    to.groupBy = plan.groupBy;
    to.imported = plan.imported;
    const auto tables = buildTables(rows, to);
    writeTables(out / kTablesDir, tables);
    const std::string perImage = formatPerImageCsv(rows, plan.uncertainty);
    writeFileAtomic(out / kPerImageCsv, perImage);
    std::map<std::string, ScoreDirection> directions;
    for (const auto& c : plan.imported) directions[c.name] = c.better;
    writePerImageColumns(out / kPerImageCsv, perImage, directions);
    writeFileAtomic(out / kSummaryJson, summaryJson(plan, rows, tables, warnings).dump(2) + "\n");
    writeFileAtomic(out / kPlanJson, planToJson(plan).dump(2) + "\n");
}

} // namespace ll::bench
