// lightlens-cli tables: recomputes the benchmark tables from a per_image.csv (e.g. with another --best).
#include "cli/Commands.h"

#include "bench/BenchOutputs.h"
#include "bench/BenchTables.h"
#include "bench/PerImageCsv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <ostream>

namespace ll::cli {

Command makeTablesCommand() {
    CommandSpec spec{"tables", "PER_IMAGE_CSV", "recompute the benchmark tables from a per_image.csv",
                     {{"best", "X", "average the best X% of images (default 80)"},
                      {"regime-best", "X", "the regime table's best X% (default 100: all images)"},
                      {"group-by", "KEY[,KEY]", "also write the main table per value of each meta.json key (main_by_KEY)"},
                      {"out", "DIR", "folder for the .md, .csv and .tex files (default: tables/ beside the csv)"},
                      {"quiet", "", "print nothing but errors"}},
                     1, 1,
                     "The uncertainty table is written when the csv has the sd.sie / sd.lfe columns."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const std::filesystem::path csv = args.positionals[0];
                const std::string text = readFile(csv);
                bench::TableOptions o;
                o.bestPercent = args.number("best", 80.0);
                if (!(o.bestPercent > 0 && o.bestPercent <= 100)) throw UsageError("--best must be in (0, 100]");
                o.regimePercent = args.number("regime-best", 100.0);
                if (!(o.regimePercent > 0 && o.regimePercent <= 100)) throw UsageError("--regime-best must be in (0, 100]");
                o.groupBy = args.list("group-by");
                for (const auto& key : o.groupBy) {
                    try {
                        bench::checkGroupKey(key);
                    } catch (const Error& e) {
                        throw UsageError("--group-by: " + e.problem());
                    }
                }
                o.uncertainty = bench::perImageCsvHasUncertainty(text);
                const auto rows = bench::parsePerImageCsv(text, csv.string());
                const auto tables = bench::buildTables(rows, o);
                const std::filesystem::path out =
                    args.has("out") ? std::filesystem::path(args.string("out")) : csv.parent_path() / bench::kTablesDir;
                bench::writeTables(out, tables);
                if (!args.flag("quiet"))
                    io.out << "wrote " << tables.size() << " tables from " << rows.size() << " rows to " << out.string() << "\n";
                return 0;
            }};
}

} // namespace ll::cli
