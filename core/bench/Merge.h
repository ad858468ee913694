#pragma once
// Merging the outputs of `bench --shard i/N` runs into the result of one unsharded run: the same
// per_image.csv, summary.json, tables and bench_run.json, byte for byte.
#include <filesystem>
#include <vector>

namespace ll::bench {

struct MergeOutcome {
    std::size_t shards = 0;
    std::size_t rows = 0;
};

// Checks that the shard folders share one plan (same dataset, models, tasks, options, problems), that
// every shard 0..N-1 is present exactly once and finished (has per_image.csv with all its rows), then
// writes the merged results into `out`. Throws ll::Error naming the offending folder or file.
MergeOutcome mergeShards(const std::filesystem::path& out, const std::vector<std::filesystem::path>& shardDirs);

} // namespace ll::bench
