// lightlens-cli synth: writes a synthetic dataset (rendered on/off pairs, labels, model inputs and
// simulated model edits with known faults). See docs/data-layout.md.
#include "cli/Commands.h"

#include "synth/SynthDataset.h"
#include "synth/SynthScene.h"

#include <cstdio>
#include <ostream>

namespace ll::cli {

Command makeSynthCommand() {
    CommandSpec spec{"synth", "DIR", "write a synthetic dataset: rendered on/off rooms, labels, inputs and simulated model edits",
                     {{"scenes", "N", "number of scenes (default 8)"},
                      {"size", "WxH", "image size (default 1248x832)"},
                      {"seed", "S", "random seed (default 1); the same seed gives byte-identical files"},
                      {"models", "a,b", "simulated models to write (default all: oracle, dim_light, no_shadow, "
                                        "flat_falloff, wrong_position, do_nothing)"},
                      {"no-noise", "", "leave out the sensor noise"},
                      {"quiet", "", "print nothing but errors"}},
                     1, 1,
                     "Each simulated model has a known fault; docs/data-layout.md lists them for turn-on and turn-off."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                SynthDatasetParams p;
                p.scenes = int(args.integer("scenes", 8));
                if (args.integer("scenes", 8) < 1 || args.integer("scenes", 8) > 1000)
                    throw UsageError("--scenes must be between 1 and 1000");
                if (auto s = args.size("size")) {
                    if (s->width < 16 || s->height < 16 || s->width > 16384 || s->height > 16384)
                        throw UsageError("--size must be between 16 and 16384 per side");
                    p.render.width = s->width;
                    p.render.height = s->height;
                }
                const long long seed = args.integer("seed", 1);
                if (seed < 0) throw UsageError("--seed must not be negative");
                p.render.seed = std::uint64_t(seed);
                p.render.noise = !args.flag("no-noise");
                p.models = args.list("models");
                for (const auto& m : p.models) {
                    bool known = false;
                    for (const auto& n : synthModelNames()) known = known || n == m;
                    if (!known) throw UsageError("unknown model '" + m + "' in --models");
                }
                const bool quiet = args.flag("quiet");
                double total = 0;
                const auto summary = writeSynthDataset(args.positionals[0], p, [&](const SynthSceneSummary& s) {
                    total += s.totalSeconds;
                    if (quiet) return;
                    char buf[256];
                    std::snprintf(buf, sizeof buf, "%s  %-10s  k=%-9.4g render %.2f s, with files %.2f s  regions:", s.name.c_str(),
                                  s.regime.c_str(), s.k, s.renderSeconds, s.totalSeconds);
                    io.out << buf;
                    for (const auto& r : s.regions) io.out << " " << r;
                    io.out << "\n";
                });
                if (!quiet)
                    io.out << "wrote " << summary.scenes.size() << " scenes (" << p.render.width << "x" << p.render.height
                           << ", seed " << p.render.seed << ") to " << args.positionals[0] << "\n";
                return 0;
            }};
}

} // namespace ll::cli
