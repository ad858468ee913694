#pragma once
// RunPlan: what a benchmark run scores, written to <out>/bench_run.json before the first row. A resumed
// run must have the same plan; `merge` checks that shards share one plan and cover it exactly.
// Holds no timing and no absolute paths, so the files derived from it are reproducible.
#include "bench/BenchConfig.h"
#include "bench/ImportedScores.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::bench {

struct ProblemRecord {
    std::string kind;    // Dataset ProblemKind name ("missing_edit", "unreadable", ...)
    std::string path;    // dataset-relative where possible
    std::string message;
    bool operator==(const ProblemRecord&) const = default;
};

struct RunPlan {
    std::string datasetName;
    std::vector<std::string> models; // scored models, sorted, including the do-nothing baseline
    std::vector<Task> tasks;
    double bestPercent = 80.0;
    std::optional<std::pair<int, int>> size; // forced evaluation size
    // Without a forced size, each scene's evaluation size (dataset/EvaluationSize.h: the smallest edit
    // of the scored models, paper 4.1), and the scenes whose edits differ in size ("scene: 960x640,
    // 1248x832"). A resumed run re-scores rows whose size no longer matches.
    std::map<std::string, std::pair<int, int>> sceneSizes;
    std::vector<std::string> mixedEditSizes;
    double regimePercent = 100.0;    // the regime table's best x% (paper Table 7: all images)
    std::vector<std::string> groupBy; // --group-by: meta.json keys with a main table per value (tables only)
    bool uncertainty = false;
    int draws = 0;
    std::vector<WhiteBalanceShift> wbShifts; // --wb-shift: rows carry the scores against the shifted pair
    // --import-scores: the imported score columns and the digest of their values (ImportedScores.h).
    // The values join the rows when the results are written; a resumed run may import other files.
    std::vector<ImportedColumn> imported;
    std::string importedDigest;
    std::uint64_t seed = 0;
    std::size_t scenes = 0;    // scoreable scenes of the dataset
    std::size_t workItems = 0; // rows of the whole run (all shards)
    Shard shard;
    std::size_t shardItems = 0; // rows of this shard
    std::vector<ProblemRecord> datasetProblems;

    bool operator==(const RunPlan&) const = default;
};

nlohmann::ordered_json planToJson(const RunPlan& plan);
// Throws ll::Error naming `subject` on a malformed plan.
RunPlan planFromJson(const nlohmann::json& j, const std::string& subject);
RunPlan readPlan(const std::filesystem::path& path);

// The plan with shard-specific fields reset (shard 0/1, shardItems = workItems), as an unsharded run has it.
RunPlan unsharded(RunPlan plan);
// A human-readable list of the fields in which two plans differ. `forResume` ignores what a resumed run
// may change: --best and --group-by (tables only), the imported scores (joined when the results are
// written) and the dataset problems (e.g. a missing edit that has been added).
std::string planDifferences(const RunPlan& a, const RunPlan& b, bool ignoreShard, bool forResume);

} // namespace ll::bench
