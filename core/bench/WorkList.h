#pragma once
// The sorted work list of a run: scene x model x task, scene-major (then model, then task), so a
// scene's real pair is loaded once and shards are contiguous blocks of it.
#include "bench/BenchConfig.h"
#include "bench/RunPlan.h"
#include "dataset/Dataset.h"

#include <string>
#include <vector>

namespace ll::bench {

struct WorkItem {
    std::size_t scene = 0;             // index into Dataset::scenes
    std::string model;
    Task task = Task::On;
    const EditEntry* edit = nullptr;   // null for the computed do-nothing baseline
    std::pair<int, int> size{0, 0};    // evaluation size (forced, else the scene's); 0x0: the pair's own
    bool baseline() const { return edit == nullptr; }
};

struct WorkList {
    RunPlan plan;                // shard fields set for config.shard
    std::vector<WorkItem> items; // this shard's items only
};

// Resolves models (config.models must name models of the dataset; the do-nothing baseline is added
// unless config.baseline is false, taken from edits/do_nothing when the dataset has it), tasks, the evaluation size and the shard.
// Throws ll::Error for an unknown model name.
WorkList makeWorkList(const Dataset& dataset, const BenchConfig& config);

// `path` relative to `root` when it lies inside it (generic form), else unchanged.
std::string relativeToRoot(const std::filesystem::path& root, const std::string& path);

} // namespace ll::bench
