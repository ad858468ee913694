#include "cli/Commands.h"

#include "edit/EditBench.h"
#include "edit/EditParamsFile.h"
#include "util/Error.h"

#include <ostream>

namespace ll::cli {

Command makeEditBenchCommand() {
    CommandSpec spec{"edit-bench", "DATASET",
                     "score every edit of a material dataset with the identity and paste anchors; tables with bootstrap intervals",
                     {{"out", "DIR", "output folder (default DATASET/edit-results)"},
                      {"seed", "S", "bootstrap seed (default 0)"},
                      {"draws", "N", "bootstrap draws (default 10000)"},
                      {"models", "a,b", "only these models"},
                      {"gate", "A,B", "gate anchors (default: dataset.json, else 0.242,0.380 from MatReplace)"},
                      {"gate-from-anchors", "", "set the gate anchors from this dataset's identity and exemplar means"},
                      {"exemplar", "MODEL", "the exemplar for --gate-from-anchors (default the paste anchor)"},
                      {"params", "FILE", "score parameters (JSON, as written by edit-calibrate; default DATASET/edit-params.json when present)"}},
                     1, 1,
                     "Writes per_task.csv (with scene and item keys) and per_task.columns.json (each column's role and, for "
                     "scores, which way is better: what validate reads), summary.json, scores.{md,csv,tex} and "
                     "pass_rates.{md,csv,tex}."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                edit::EditBenchOptions o;
                const long long seed = args.integer("seed", 0);
                const long long draws = args.integer("draws", 10000);
                if (seed < 0) throw UsageError("--seed must be >= 0");
                if (draws < 0 || draws > 10'000'000) throw UsageError("--draws must be between 0 and 10000000");
                o.seed = std::uint64_t(seed);
                o.draws = int(draws);
                o.models = args.list("models");
                if (args.has("gate")) {
                    const auto v = args.list("gate");
                    if (v.size() != 2) throw UsageError("--gate expects A,B");
                    try {
                        o.gate = edit::GateAnchors{std::stod(v[0]), std::stod(v[1])};
                    } catch (const std::logic_error&) {
                        throw UsageError("--gate expects two numbers A,B");
                    }
                    if (!(o.gate->b > 0)) throw UsageError("--gate: B must be positive");
                }
                o.gateFromAnchors = args.flag("gate-from-anchors");
                if (args.has("exemplar")) o.exemplar = args.string("exemplar");
                if (o.gate && o.gateFromAnchors) throw UsageError("--gate and --gate-from-anchors exclude each other");
                const std::filesystem::path root = args.positionals[0];
                const edit::MaterialDataset d = edit::scanMaterialDataset(root);
                if (args.has("params")) {
                    o.params = edit::loadEditParams(args.string("params"));
                    o.paramsSource = args.string("params");
                } else if (d.params) {
                    o.params = *d.params;
                    o.paramsSource = d.paramsFile.string();
                }
                const ColourConfig colour = ColourConfig::builtin();
                const edit::EditBenchResult r = edit::runEditBench(d, colour, o);
                const std::filesystem::path out = args.has("out") ? std::filesystem::path(args.string("out"))
                                                                  : root / "edit-results";
                edit::writeEditBenchOutputs(r, out);
                io.out << edit::scoresTable(r, "md") << "\n" << edit::passRateTable(r, "md") << "\nwrote " << out.string()
                       << "\n";
                return 0;
            }};
}

} // namespace ll::cli
