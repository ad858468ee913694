#include "bench/Merge.h"

#include "bench/BenchOutputs.h"
#include "bench/PerImageCsv.h"
#include "bench/RunPlan.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ll::bench {

MergeOutcome mergeShards(const std::filesystem::path& out, const std::vector<std::filesystem::path>& dirs) {
    if (dirs.empty()) throw Error("merge", "no shard folders given");
    std::vector<RunPlan> plans;
    for (const auto& d : dirs) {
        if (!std::filesystem::is_directory(d)) throw Error(d.string(), "not a folder");
        plans.push_back(readPlan(d / kPlanJson));
    }
    const RunPlan& first = plans[0];
    std::map<int, std::filesystem::path> seen;
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const RunPlan& p = plans[i];
        const std::string diff = planDifferences(unsharded(first), unsharded(p), true, false);
        if (!diff.empty())
            throw Error(dirs[i].string(), "is a shard of a different run than " + dirs[0].string() + " (differs in " + diff + ")");
        if (p.shard.count != first.shard.count)
            throw Error(dirs[i].string(), "is shard " + shardText(p.shard) + " but " + dirs[0].string() + " is shard " +
                                              shardText(first.shard));
        if (seen.count(p.shard.index))
            throw Error(dirs[i].string(), "is shard " + shardText(p.shard) + " again (also " +
                                              seen[p.shard.index].string() + ")");
        seen[p.shard.index] = dirs[i];
    }
    for (int i = 0; i < first.shard.count; ++i)
        if (!seen.count(i))
            throw Error("merge", "shard " + std::to_string(i) + "/" + std::to_string(first.shard.count) + " is missing");

    std::vector<ScoreRow> rows;
    std::set<std::string> warnings; // each shard reports the ignored labels of its own scenes
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const auto summary = dirs[i] / kSummaryJson;
        if (std::filesystem::exists(summary)) {
            try {
                const auto j = nlohmann::json::parse(readFile(summary));
                if (j.is_object() && j.contains("warnings") && j["warnings"].is_array())
                    for (const auto& w : j["warnings"])
                        if (w.is_string()) warnings.insert(w.get<std::string>());
            } catch (const nlohmann::json::exception& e) {
                throw Error(summary.string(), std::string("malformed JSON: ") + e.what());
            }
        }
        const auto csv = dirs[i] / kPerImageCsv;
        if (!std::filesystem::exists(csv))
            throw Error(dirs[i].string(), "shard " + shardText(plans[i].shard) +
                                              " has not finished (no per_image.csv); rerun it with --resume");
        auto part = parsePerImageCsv(readFile(csv), csv.string());
        if (part.size() != plans[i].shardItems)
            throw Error(csv.string(), "has " + std::to_string(part.size()) + " rows, the shard has " +
                                          std::to_string(plans[i].shardItems));
        for (auto& r : part) rows.push_back(std::move(r));
    }
    sortRows(rows);
    if (rows.size() != first.workItems)
        throw Error("merge", "the shards hold " + std::to_string(rows.size()) + " rows, the run has " +
                                 std::to_string(first.workItems));
    writeResults(out, unsharded(first), rows, std::vector<std::string>(warnings.begin(), warnings.end()));
    return {dirs.size(), rows.size()};
}

} // namespace ll::bench
