#include "cli/Commands.h"

#include "edit/EditEvaluation.h"
#include "edit/EditParamsFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace ll::cli {

namespace {
edit::GateAnchors parseGate(const ParsedArgs& args, edit::GateAnchors fallback) {
    if (!args.has("gate")) return fallback;
    const auto v = args.list("gate");
    if (v.size() != 2) throw UsageError("--gate expects A,B");
    try {
        const edit::GateAnchors g{std::stod(v[0]), std::stod(v[1])};
        if (!(g.b > 0)) throw UsageError("--gate: B must be positive");
        return g;
    } catch (const std::logic_error&) {
        throw UsageError("--gate expects two numbers A,B");
    }
}
} // namespace

Command makeEditEvalCommand() {
    CommandSpec spec{"edit-eval", "",
                     "score one material edit (preservation, structure, harmony, material, gate) and its unintended changes; JSON on stdout",
                     {{"input", "X", "the model input (PNG/JPEG as sRGB, EXR/HDR as scene-linear)"},
                      {"edit", "Y", "the edited image (resized to the input's size when needed)"},
                      {"mask", "M", "the intended edit region: mask.png (white inside) or polygons (COCO / LabelMe JSON)"},
                      {"mask-class", "NAME", "with a JSON mask: use only the shapes of this class"},
                      {"reference", "R", "material reference swatch (enables the material score and the gate)"},
                      {"maps", "DIR", "write the maps (EXR float and greyscale PNG)"},
                      {"band", "PX", "boundary band excluded from the outside region (default 7)"},
                      {"ring", "PX", "seam ring width (default 7)"},
                      {"gate", "A,B", "gate anchors (default 0.242,0.380 from MatReplace)"},
                      {"params", "FILE", "score parameters (JSON, as written by edit-calibrate); --band, --ring, --gate override it"}},
                     0, 0,
                     "Every score says which classical measure it is and which learned measure of the source paper it "
                     "stands in for; learned scorers are listed as unavailable."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                edit::EditEvalParams p;
                if (args.has("params")) p = edit::loadEditParams(args.string("params"));
                p.material.band = args.number("band", p.material.band);
                p.material.ring = args.number("ring", p.material.ring);
                if (p.material.band < 0 || p.material.ring <= 0) throw UsageError("--band must be >= 0 and --ring > 0");
                p.material.gate = parseGate(args, p.material.gate);
                const ColourConfig colour = ColourConfig::builtin();
                const edit::EditCase c = edit::loadEditCase(args.required("input"), args.required("edit"),
                                                            args.string("mask"), args.string("reference"), colour,
                                                            args.string("mask-class"));
                const edit::EditEvaluation e = edit::evaluateEdit(c, colour, p);
                if (args.has("maps")) edit::writeEditMaps(e, args.string("maps"));
                io.out << edit::toJson(e).dump(2) << "\n";
                return 0;
            }};
}

} // namespace ll::cli
