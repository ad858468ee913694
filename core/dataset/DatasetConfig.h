#pragma once
// DatasetConfig: the optional <dataset>/dataset.json (spec: data-and-cli.md).
//   {"name": "...", "eval_size": [1248, 832]}
#include <filesystem>
#include <optional>
#include <string>

namespace ll {

struct EvalSize {
    int width = 0;
    int height = 0;
    bool operator==(const EvalSize&) const = default;
};

struct DatasetConfig {
    std::optional<std::string> name;
    std::optional<EvalSize> evalSize;
};

// Reads dataset.json. Throws ll::Error naming the file when it is malformed JSON, not an object,
// or has a "name" that is not a string or an "eval_size" that is not two positive integers.
DatasetConfig readDatasetConfig(const std::filesystem::path& path);

// Writes dataset.json atomically, keeping keys of an existing file that DatasetConfig does not know.
void writeDatasetConfig(const std::filesystem::path& path, const DatasetConfig& config);

} // namespace ll
