#pragma once
// The benchmark's tables, computed from per-image rows alone (so `bench`, `merge` and `tables` agree):
//   main               Table 1: SIE and LFE per task over the best x% of images, and the average rank
//   percentiles        Table 14: SIE and LFE over the best 100, 90, 80, 70, 60, 50%
//   bands              Fig. 4 data: SIE and LFE per intensity band
//   classes            Fig. 5 / 10 / 11 data: SIE and LFE per annotation class (absolute)
//   classes_relative   Fig. 5: the same relative to the best model (v / best - 1; the best model is 0)
//   regime             Table 7: SIE and LFE per lighting regime of the scene (meta.json)
//   classic            Table 6: SIE and LFE beside PSNR and SSIM (and imported scores such as LPIPS),
//                      with the do-nothing baseline
//   sie1               Table 5: SIE1 (penalises exposure and white-balance changes)
//   uncertainty        Table 4: SIE and LFE with the 8-bit quantisation uncertainty (when computed)
//   main_by_<key>      Tables 3, 8, 12: the main table per value of a scene metadata key (--group-by)
// Rules (docs/benchmark.md "Protocol"): per model and task, rows of scenes whose real pair failed
// (bad_scene) are left out; a missing, unreadable or degenerate edit and an undefined score count as
// the worst score, in the main table and in every class and band cell (RegionValues.h). The average
// rank ranks the printed 3-decimal values, ties sharing the best rank, and is printed with one decimal
// rounded half up. Models are listed by average rank (then name); the do-nothing baseline appears
// only in the classic table.
#include "bench/ImportedScores.h"
#include "bench/ScoreRow.h"
#include "bench/Table.h"

#include <string>
#include <vector>

namespace ll::bench {

struct TableOptions {
    double bestPercent = 80.0;
    double regimePercent = 100.0; // regime table (paper Table 7: the mean over all images)
    std::vector<double> percentiles{100, 90, 80, 70, 60, 50};
    bool uncertainty = false; // add the uncertainty table
    // --group-by: for each key, the main table per value of meta.<key> (paper Tables 3, 8, 12) as the
    // table main_by_<key>, with a label column for the group.
    std::vector<std::string> groupBy;
    // Imported scores (ImportedScores.h): each becomes a column of the classic table (paper Table 6's
    // LPIPS), the mean over the scored images that have a value, with its declared direction.
    std::vector<ImportedColumn> imported;
};

std::vector<Table> buildTables(const std::vector<ScoreRow>& rows, const TableOptions& options);

// The main table of each group of rows sharing the value of meta.<key> (rows without the key form the
// group "(not given)", listed last; other groups in byte order). Each group is ranked on its own rows:
// its own model order, average ranks and bold/underline.
Table groupedMainTable(const std::vector<ScoreRow>& rows, const std::string& key, const TableOptions& options);

// Checks a --group-by key ("" or characters outside [A-Za-z0-9_.-] are refused: the key names a file).
// Throws ll::Error("--group-by", ...).
void checkGroupKey(const std::string& key);

// Models in table order (average rank, then name), without the do-nothing baseline.
std::vector<std::string> rankedModels(const std::vector<ScoreRow>& rows, double bestPercent);

} // namespace ll::bench
