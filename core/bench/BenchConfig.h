#pragma once
// Options of a benchmark run (lightlens-cli bench).
#include "bench/WhiteBalanceShift.h"
#include "util/ColumnRoles.h"
#include "util/Task.h"

#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ll::bench {

// Shard i of N (0-based): the i-th of N contiguous blocks of the sorted work list.
struct Shard {
    int index = 0;
    int count = 1;
    bool operator==(const Shard&) const = default;
};
// Parses "i/N" with 0 <= i < N. Throws ll::Error("--shard", ...) otherwise.
Shard parseShard(const std::string& text);
std::string shardText(const Shard& s); // "i/N"
// The half-open range [first, last) of shard `s` in a list of n items.
std::pair<std::size_t, std::size_t> shardRange(std::size_t n, const Shard& s);

struct BenchConfig {
    std::filesystem::path dataset;
    std::filesystem::path out;          // empty: <dataset>/results (shards: <dataset>/results/shard-i-of-N)
    std::vector<std::string> models;    // empty: every model of the dataset
    std::vector<Task> tasks{Task::On, Task::Off};
    double bestPercent = 80.0;
    double regimePercent = 100.0;       // the regime table's best x% (paper Table 7: the mean over all images)
    std::vector<std::string> groupBy;   // meta.json keys: the main table per value of each (main_by_<key>)
    bool bandImages = false;            // write <out>/bands/<scene>.png, the band partition of each real pair
    int threads = 0;                    // 0: all cores
    Shard shard;
    bool resume = false;
    bool uncertainty = false;
    int draws = 32;
    // --wb-shift: also score against the real pair under these white-balance shifts (WhiteBalanceShift.h;
    // the CLI uses defaultWhiteBalanceShifts(), warm and cold); empty: not at all.
    std::vector<WhiteBalanceShift> wbShifts;
    std::optional<std::pair<int, int>> size; // forced evaluation size; else dataset.json eval_size, else per scene the smallest edit's size
    // Scores computed elsewhere joined to the rows (bench/ImportedScores.h), and the directions given on
    // the command line (--higher / --lower) for columns not declared beside their file.
    std::vector<std::filesystem::path> importScores;
    std::map<std::string, ScoreDirection> scoreDirections;
    bool baseline = true;               // score the do-nothing baseline when the dataset has no do_nothing model
    std::size_t maxRows = 0;            // stop (as if interrupted) after scoring this many rows; 0: no limit
};

// The output folder of a configuration.
std::filesystem::path outputDir(const BenchConfig& config);

} // namespace ll::bench
