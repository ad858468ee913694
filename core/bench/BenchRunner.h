#pragma once
// runBench: scores every scene x model x task of a dataset (plus the do-nothing baseline) and writes
// the results (BenchOutputs.h). Work runs in a oneTBB parallel_pipeline
//   next item (serial) -> decode edit + fetch real pair (parallel) -> evaluate (parallel)
//   -> append to the journal (serial, in order)
// with a bounded number of items in flight, so memory does not grow with the dataset. Each finished
// row is appended to <out>/per_image.journal.jsonl and flushed to disk; a cancelled or killed run is
// finished by rerunning with resume = true, which skips the journaled rows. The final files are written
// atomically from the sorted rows and are byte-identical whether or not the run was interrupted or
// sharded. Bad inputs (missing or unreadable edits, unreadable scenes) become failed rows and never
// stop the run.
#include "bench/BenchConfig.h"
#include "bench/RunPlan.h"

#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace ll::bench {

struct BenchProgress {
    std::size_t done = 0;    // rows finished in this shard (resumed ones included)
    std::size_t total = 0;   // rows of this shard
    std::size_t resumed = 0; // rows taken from an earlier run
    std::size_t failed = 0;  // failed rows scored in this run
    double seconds = 0;      // since scoring started
};

struct BenchOutcome {
    bool completed = false;        // false: cancelled (or stopped by maxRows); resume to finish
    std::filesystem::path out;
    RunPlan plan;
    std::size_t rows = 0;          // rows of this shard
    std::size_t scoredNow = 0;     // rows scored by this invocation
    std::size_t resumed = 0;       // rows taken from an earlier run
    std::size_t failed = 0;        // failed rows in the final results
    std::size_t discardedJournalLines = 0;
    std::size_t sceneLoads = 0;    // real pairs loaded
    double scanSeconds = 0, scoreSeconds = 0, writeSeconds = 0;
    int threads = 0;
    std::vector<std::string> warnings; // one line each
};

// Throws ll::Error for a bad dataset folder, an unknown --models name, an output folder that cannot be
// written, or a resume whose earlier run had a different plan.
BenchOutcome runBench(const BenchConfig& config, const std::function<void(const BenchProgress&)>& progress = {},
                      const std::atomic<bool>* cancel = nullptr);

} // namespace ll::bench
