// lightlens-cli prepare: writes a dataset's 8-bit sRGB model inputs and records k in meta.json.
#include "cli/Commands.h"

#include "dataset/Prepare.h"

#include <cstdio>
#include <ostream>

namespace ll::cli {

Command makePrepareCommand() {
    CommandSpec spec{"prepare", "DATASET", "write the 8-bit sRGB model inputs and record the exposure k in meta.json",
                     {{"size", "WxH", "size of the inputs (default: dataset.json eval_size, else the scene's size)"},
                      {"percentile", "P", "luminance percentile of I_on that k maps to the target (default 99.5)"},
                      {"target", "T", "value that percentile maps to (default 0.9)"},
                      {"recompute-k", "", "replace a k already recorded in meta.json"},
                      {"allow-aspect", "", "allow resizing to a different aspect ratio (more than 1%)"},
                      {"quiet", "", "print nothing but errors"}},
                     1, 1,
                     "inputs/turn_on/<scene>.png comes from off.exr, inputs/turn_off/<scene>.png from on.exr, both as "
                     "srgb(clamp(k*X, 0, 1)) in 8 bits with one k per scene. k is kept from meta.json when present."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                PrepareOptions o;
                if (auto s = args.size("size")) o.size = EvalSize{s->width, s->height};
                o.percentile = args.number("percentile", 99.5);
                o.target = args.number("target", 0.9);
                if (!(o.percentile >= 0 && o.percentile <= 100)) throw UsageError("--percentile must be in [0, 100]");
                if (!(o.target > 0 && o.target <= 1)) throw UsageError("--target must be in (0, 1]");
                o.recomputeK = args.flag("recompute-k");
                o.allowAspect = args.flag("allow-aspect");
                const bool quiet = args.flag("quiet");
                const auto summary = prepareDataset(args.positionals[0], o, [&](const PreparedScene& s) {
                    if (quiet) return;
                    char buf[256];
                    std::snprintf(buf, sizeof buf, "%s  %dx%d  k=%.6g (%s)\n", s.name.c_str(), s.width, s.height, s.k,
                                  s.kComputed ? "computed, recorded in meta.json" : "from meta.json");
                    io.out << buf;
                });
                if (!quiet) {
                    std::size_t computed = 0;
                    for (const auto& s : summary.scenes) computed += s.kComputed;
                    io.out << "prepared " << summary.scenes.size() << " scenes (" << computed << " new k, "
                           << summary.scenes.size() - computed << " kept)";
                    if (summary.ignoredProblems)
                        io.out << "; " << summary.ignoredProblems
                               << " other dataset problems (edits, extra files) do not concern prepare";
                    io.out << "\n";
                }
                return 0;
            }};
}

} // namespace ll::cli
