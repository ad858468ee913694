// lightlens-cli compare: per-model deltas of the main table between two benchmark runs, with a paired
// Wilcoxon signed-rank test per model and column, Holm-corrected (paper Table 11; docs/benchmark.md).
#include "cli/Commands.h"

#include "bench/BenchOutputs.h"
#include "bench/CompareRuns.h"
#include "bench/PerImageCsv.h"
#include "util/AtomicFile.h"

#include <filesystem>
#include <ostream>

namespace ll::cli {

namespace {

// A results folder (its per_image.csv) or a per_image.csv file.
std::filesystem::path perImageCsvOf(const std::filesystem::path& p) {
    return std::filesystem::is_directory(p) ? p / bench::kPerImageCsv : p;
}

} // namespace

Command makeCompareCommand() {
    CommandSpec spec{"compare", "BASELINE RUN",
                     "per-model changes of the main table from a baseline run to another run, with paired "
                     "Wilcoxon tests (Holm-corrected)",
                     {{"best", "X", "average the best X% of images (default 80)"},
                      {"out", "DIR", "folder for compare.md, .csv, .tex (default: RUN/compare, beside RUN's csv)"},
                      {"quiet", "", "print nothing but errors"}},
                     2, 2,
                     "BASELINE and RUN are benchmark output folders (or their per_image.csv). Rows are matched "
                     "by scene, model and task; models in both runs are compared."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const auto baseCsv = perImageCsvOf(args.positionals[0]);
                const auto runCsv = perImageCsvOf(args.positionals[1]);
                bench::CompareOptions o;
                o.bestPercent = args.number("best", 80.0);
                if (!(o.bestPercent > 0 && o.bestPercent <= 100)) throw UsageError("--best must be in (0, 100]");
                const auto baseline = bench::parsePerImageCsv(readFile(baseCsv), baseCsv.string());
                const auto run = bench::parsePerImageCsv(readFile(runCsv), runCsv.string());
                const auto table = bench::compareRuns(baseline, run, o);
                const std::filesystem::path out =
                    args.has("out") ? std::filesystem::path(args.string("out")) : runCsv.parent_path() / "compare";
                bench::writeTables(out, {table});
                if (!args.flag("quiet"))
                    io.out << "compared " << table.rows.size() << " models; wrote " << (out / "compare.md").string() << "\n";
                return 0;
            }};
}

} // namespace ll::cli
