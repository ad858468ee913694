#pragma once
// The deterministic result files of a benchmark run, written from the plan and the rows alone, so a
// plain run, a resumed run and a merge of shards produce the same bytes:
//   <out>/per_image.csv               one row per edit (PerImageCsv.h), sorted by scene, model, task
//   <out>/summary.json                plan, counts, failures, dataset problems, every table's values
//   <out>/tables/<name>.md|.csv|.tex  the tables of BenchTables.h
//   <out>/bench_run.json              the plan (RunPlan.h)
//   <out>/bands/<scene>.png           with --band-images: each real pair's intensity bands (BandImage.h)
// Timing and machine details go to <out>/run_info.json (not written here).
#include "bench/RunPlan.h"
#include "bench/ScoreRow.h"
#include "bench/Table.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

namespace ll::bench {

inline constexpr const char* kPerImageCsv = "per_image.csv";
inline constexpr const char* kSummaryJson = "summary.json";
inline constexpr const char* kPlanJson = "bench_run.json";
inline constexpr const char* kJournal = "per_image.journal.jsonl";
inline constexpr const char* kRunInfoJson = "run_info.json";
inline constexpr const char* kTablesDir = "tables";

// Sorts `rows` into the canonical order; throws ll::Error on duplicate rows.
void sortRows(std::vector<ScoreRow>& rows);

// `warnings` (e.g. scenes whose labels were ignored) become the key "warnings" when not empty.
nlohmann::ordered_json summaryJson(const RunPlan& plan, const std::vector<ScoreRow>& sortedRows,
                                   const std::vector<Table>& tables, const std::vector<std::string>& warnings = {});

// The one-line warning of a run whose edits differ in size within a scene (plan.mixedEditSizes not empty).
std::string mixedSizesWarning(const RunPlan& plan);

// Writes the table files (each atomically) into `dir`.
void writeTables(const std::filesystem::path& dir, const std::vector<Table>& tables);

// Writes every deterministic result file (each atomically). `rows` must be sorted.
void writeResults(const std::filesystem::path& out, const RunPlan& plan, const std::vector<ScoreRow>& rows,
                  const std::vector<std::string>& warnings = {});

} // namespace ll::bench
