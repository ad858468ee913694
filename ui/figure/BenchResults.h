#pragma once
// The rows of a benchmark output folder (`lightlens-cli bench DATASET --out DIR` writes
// DIR/per_image.csv), and the per-model aggregates the plots and their tables show.
#include "bench/ScoreRow.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll::figure {

struct BenchResults {
    std::filesystem::path dir;
    std::vector<bench::ScoreRow> rows;
};

// Reads DIR/per_image.csv (or DIR itself when it is a .csv file). Throws ll::Error naming the file.
BenchResults loadBenchResults(const std::filesystem::path& dirOrCsv);

// The models to show: `wanted` in its order (each must exist: else ll::Error naming `subject`), or all
// models of the rows in the benchmark's table order (average rank, then name) with the do-nothing
// baseline last; the baseline is left out when
// `baseline` is false.
std::vector<std::string> selectModels(const std::vector<bench::ScoreRow>& rows, const std::vector<std::string>& wanted,
                                      bool baseline, const std::string& subject);

// One number of a row: "sie", "lfe", "sie1", "psnr", "ssim" (null for failed rows).
std::optional<double> rowScore(const bench::ScoreRow& row, const std::string& metric);

} // namespace ll::figure
