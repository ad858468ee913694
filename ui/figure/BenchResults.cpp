#include "figure/BenchResults.h"

#include "bench/BenchTables.h"
#include "bench/ImportedScores.h"
#include "bench/PerImageColumns.h"
#include "bench/PerImageCsv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <set>

namespace ll::figure {

BenchResults loadBenchResults(const std::filesystem::path& dirOrCsv) {
    std::filesystem::path csv = dirOrCsv;
    if (std::filesystem::is_directory(dirOrCsv)) csv = dirOrCsv / "per_image.csv";
    else if (!std::filesystem::exists(dirOrCsv))
        throw ll::Error(dirOrCsv.string(), "no such benchmark output (expected a folder with per_image.csv)");
    if (!std::filesystem::exists(csv)) throw ll::Error(csv.string(), "missing (run `lightlens-cli bench DATASET --out DIR` first)");
    BenchResults r;
    r.dir = std::filesystem::is_directory(dirOrCsv) ? dirOrCsv : dirOrCsv.parent_path();
    r.rows = bench::parsePerImageCsv(readFile(csv), csv.string());
    if (r.rows.empty()) throw ll::Error(csv.string(), "has no rows");
    if (const auto sidecar = loadColumnSidecar(csv))
        for (const auto& c : sidecar->columns)
            if (c.name.rfind("imported.", 0) == 0 && c.better) r.imported[c.name.substr(9)] = *c.better;
    return r;
}

std::vector<std::string> selectModels(const std::vector<bench::ScoreRow>& rows, const std::vector<std::string>& wanted,
                                      bool baseline, const std::string& subject) {
    std::set<std::string> present;
    for (const auto& r : rows) present.insert(r.model);
    std::vector<std::string> out;
    if (!wanted.empty()) {
        for (const auto& m : wanted) {
            if (!present.count(m)) throw ll::Error(subject, "model '" + m + "' is not in the results");
            if (m == bench::kDoNothingModel && !baseline) continue;
            out.push_back(m);
        }
        return out;
    }
    // The benchmark's table order: average rank, then name (the baseline is not ranked).
    out = bench::rankedModels(rows, 80.0);
    if (baseline && present.count(bench::kDoNothingModel)) out.push_back(bench::kDoNothingModel);
    return out;
}

std::optional<double> rowScore(const bench::ScoreRow& row, const std::string& metric) {
    if (row.failed()) return std::nullopt;
    if (metric == "sie") return row.sie;
    if (metric == "lfe") return row.lfe;
    if (metric == "sie1") return row.sie1;
    if (metric == "psnr") return row.psnr;
    if (metric == "ssim") return row.ssim;
    if (metric.rfind("imported.", 0) == 0) return bench::importedScore(row, metric.substr(9));
    return std::nullopt;
}

bool higherIsBetter(const BenchResults& results, const std::string& metric) {
    if (metric.rfind("imported.", 0) == 0) {
        const auto it = results.imported.find(metric.substr(9));
        return it != results.imported.end() && it->second == ScoreDirection::Higher;
    }
    const auto c = bench::perImageColumn(metric);
    return c && c->better == ScoreDirection::Higher;
}

void checkMetricPresent(const BenchResults& results, const std::string& metric, const std::string& subject) {
    if (metric.rfind("imported.", 0) != 0) return;
    if (!results.imported.count(metric.substr(9)))
        throw ll::Error(subject, "the results have no imported score '" + metric.substr(9) +
                                     "' with a declared direction (per_image.columns.json; see bench --import-scores)");
}

} // namespace ll::figure
