#pragma once
// The rows of a benchmark output folder (`lightlens-cli bench DATASET --out DIR` writes
// DIR/per_image.csv), and the per-model aggregates the plots and their tables show.
#include "bench/ScoreRow.h"
#include "util/ColumnRoles.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::figure {

struct BenchResults {
    std::filesystem::path dir;
    std::vector<bench::ScoreRow> rows;
    // Imported scores (per_image.csv imported.<name>) by name, with the direction per_image.columns.json
    // declares for them (a column without a declaration is not listed, so it cannot be plotted).
    std::map<std::string, ScoreDirection> imported;
};

// Reads DIR/per_image.csv (or DIR itself when it is a .csv file). Throws ll::Error naming the file.
BenchResults loadBenchResults(const std::filesystem::path& dirOrCsv);

// The models to show: `wanted` in its order (each must exist: else ll::Error naming `subject`), or all
// models of the rows in the benchmark's table order (average rank, then name) with the do-nothing
// baseline last; the baseline is left out when
// `baseline` is false.
std::vector<std::string> selectModels(const std::vector<bench::ScoreRow>& rows, const std::vector<std::string>& wanted,
                                      bool baseline, const std::string& subject);

// One number of a row: "sie", "lfe", "sie1", "psnr", "ssim" or "imported.<name>" (null for failed rows).
std::optional<double> rowScore(const bench::ScoreRow& row, const std::string& metric);

// Whether a larger value of `metric` is better, as the result files declare it.
bool higherIsBetter(const BenchResults& results, const std::string& metric);

// Throws ll::Error naming `subject` when `metric` is an imported score the results do not have.
void checkMetricPresent(const BenchResults& results, const std::string& metric, const std::string& subject);

} // namespace ll::figure
