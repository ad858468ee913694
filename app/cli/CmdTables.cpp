// lightlens-cli tables: recomputes the benchmark tables from a per_image.csv (e.g. with another --best).
#include "cli/Commands.h"
#include "cli/ScoreDirectionOptions.h"

#include "bench/BenchOutputs.h"
#include "bench/AbTrials.h"
#include "bench/BenchTables.h"
#include "bench/RunPlan.h"
#include "bench/PerImageCsv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <ostream>
#include <set>
#include <stdexcept>

namespace ll::cli {

namespace {

// The imported score columns of the rows, with their direction from the command line, else from the
// per_image.columns.json beside the csv; their source from the bench_run.json beside it.
std::vector<bench::ImportedColumn> importedColumns(const std::filesystem::path& csv, const std::vector<bench::ScoreRow>& rows,
                                                   const std::map<std::string, ScoreDirection>& given) {
    std::set<std::string> names;
    for (const auto& r : rows)
        for (const auto& [k, v] : r.imported) names.insert(k);
    for (const auto& [name, better] : given)
        if (!names.count(name)) throw UsageError("--" + std::string(betterName(better)) + " " + name + ": " + csv.string() +
                                                 " has no column imported." + name);
    if (names.empty()) return {};
    const auto sidecar = loadColumnSidecar(csv);
    std::map<std::string, std::string> sources;
    const auto planPath = csv.parent_path() / bench::kPlanJson;
    if (std::filesystem::exists(planPath))
        for (const auto& c : bench::readPlan(planPath).imported) sources[c.name] = c.source;
    std::vector<bench::ImportedColumn> out;
    for (const auto& name : names) {
        bench::ImportedColumn c;
        c.name = name;
        c.source = sources.count(name) ? sources[name] : csv.filename().string();
        if (const auto it = given.find(name); it != given.end()) c.better = it->second;
        else if (const ColumnDeclaration* d = sidecar ? sidecar->find("imported." + name) : nullptr; d && d->better)
            c.better = *d->better;
        else
            throw Error(csv.string(), "column imported." + name + " has no declared direction: pass --lower " + name +
                                          " or --higher " + name);
        out.push_back(c);
    }
    return out;
}

} // namespace

Command makeTablesCommand() {
    CommandSpec spec{"tables", "PER_IMAGE_CSV", "recompute the benchmark tables from a per_image.csv",
                     {{"best", "X", "average the best X% of images (default 80)"},
                      {"regime-best", "X", "the regime table's best X% (default 100: all images)"},
                      {"group-by", "KEY[,KEY]", "also write the main table per value of each meta.json key (main_by_KEY)"},
                      {"higher", "LIST", "imported score columns (imported.<name>) better when higher (overrides per_image.columns.json)"},
                      {"lower", "LIST", "imported score columns better when lower (overrides per_image.columns.json)"},
                      {"ab-trials", "FILE", "also write vlm_ab (paper Table 2) from A/B trials: evaluator,scene,model,[task,]choice"},
                      {"ab-level", "L", "confidence level of the vlm_ab intervals (default 0.95)"},
                      {"ab-interval", "exact|wilson", "binomial interval of vlm_ab (default exact: Clopper-Pearson)"},
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
                o.imported = importedColumns(csv, rows, scoreDirections(args));
                auto tables = bench::buildTables(rows, o);
                if (args.has("ab-trials")) {
                    const std::filesystem::path trialsPath = args.string("ab-trials");
                    bench::AbTableOptions ab;
                    ab.level = args.number("ab-level", 0.95);
                    if (!(ab.level > 0 && ab.level < 1)) throw UsageError("--ab-level must be in (0, 1)");
                    try {
                        ab.method = stats::parseBinomialIntervalMethod(args.string("ab-interval", "exact"));
                    } catch (const std::invalid_argument& e) {
                        throw UsageError(std::string("--ab-interval: ") + e.what());
                    }
                    ab.source = trialsPath.filename().string();
                    tables.push_back(bench::abTrialsTable(bench::readAbTrials(trialsPath), bench::rankedModels(rows, o.bestPercent), ab));
                } else if (args.has("ab-level") || args.has("ab-interval")) {
                    throw UsageError("--ab-level and --ab-interval need --ab-trials");
                }
                const std::filesystem::path out =
                    args.has("out") ? std::filesystem::path(args.string("out")) : csv.parent_path() / bench::kTablesDir;
                bench::writeTables(out, tables);
                if (!args.flag("quiet"))
                    io.out << "wrote " << tables.size() << " tables from " << rows.size() << " rows to " << out.string() << "\n";
                return 0;
            }};
}

} // namespace ll::cli
