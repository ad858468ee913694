// lightlens-cli merge: combines the outputs of `bench --shard i/N` runs into one result, identical to
// the result of an unsharded run (docs/benchmark.md).
#include "cli/Commands.h"

#include "bench/Merge.h"

#include <ostream>

namespace ll::cli {

Command makeMergeCommand() {
    CommandSpec spec{"merge", "OUT DIR...", "merge the outputs of bench --shard runs into one result",
                     {{"quiet", "", "print nothing but errors"}}, 2, -1,
                     "Every shard 0..N-1 of one run must be given once and must have finished. OUT receives "
                     "per_image.csv, summary.json, bench_run.json and tables/, byte-identical to an unsharded run."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                std::vector<std::filesystem::path> dirs(args.positionals.begin() + 1, args.positionals.end());
                const auto r = bench::mergeShards(args.positionals[0], dirs);
                if (!args.flag("quiet"))
                    io.out << "merged " << r.shards << " shards, " << r.rows << " rows, into " << args.positionals[0] << "\n";
                return 0;
            }};
}

} // namespace ll::cli
