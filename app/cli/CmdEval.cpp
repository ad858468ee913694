// lightlens-cli eval: scores one edit against one real on/off pair and prints the eval JSON.
#include "cli/Commands.h"

#include "colour/ColourConfig.h"
#include "dataset/SceneMeta.h"
#include "metrics/Evaluate.h"
#include "metrics/LoadCase.h"
#include "metrics/MapExport.h"
#include "metrics/ScoresJson.h"
#include "util/Error.h"
#include "util/Task.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <optional>
#include <ostream>

namespace ll::cli {
namespace {

// The scene's meta.json: DIR/meta.json of --scene DIR (which must exist), else meta.json beside the
// on image when there is one.
std::optional<std::filesystem::path> sceneMetaFile(const ParsedArgs& args) {
    if (args.has("scene")) {
        const std::filesystem::path meta = std::filesystem::path(args.string("scene")) / "meta.json";
        if (!std::filesystem::is_regular_file(meta)) throw Error(meta.string(), "file not found");
        return meta;
    }
    const std::filesystem::path beside = std::filesystem::path(args.required("on")).parent_path() / "meta.json";
    std::error_code ec;
    if (std::filesystem::is_regular_file(beside, ec)) return beside;
    return std::nullopt;
}

} // namespace

Command makeEvalCommand() {
    CommandSpec spec{
        "eval",
        "",
        "score one edit against a real on/off pair (SIE, LFE, SIE1, PSNR, SSIM, regions, bands) as JSON",
        {{"on", "ON", "real HDR image with the probe on"},
         {"off", "OFF", "real HDR image with the probe off"},
         {"edit", "EDIT", "the model's edit (8-bit or other LDR image)"},
         {"task", "on|off", "on: the edit turns the probe on (input was OFF); off: the reverse"},
         {"k", "K", "exposure multiplier used to make the model input (default: the scene's meta.json, else 1)"},
         {"scene", "DIR", "scene folder whose meta.json gives k and clip_level (default: the on image's folder)"},
         {"labels", "FILE", "polygon annotations (COCO or LabelMe JSON); 'window' is excluded"},
         {"maps", "DIR", "also write the maps (EXR) and colour-mapped PNGs into DIR"},
         {"size", "WxH", "evaluation size (default: the smaller of the edit's and the pair's size)"},
         {"allow-aspect", "", "resample even when the aspect ratio changes by more than 1%"},
         {"clip-level", "V", "real images are clipped where a channel is >= V (default: meta.json, else none for float)"},
         {"colour-space", "NAME", "transfer function of the edit (default srgb)"},
         {"uncertainty", "", "add the 8-bit quantisation Monte Carlo standard deviations"},
         {"draws", "N", "Monte Carlo draws for --uncertainty (default 32)"},
         {"seed", "S", "Monte Carlo seed"},
         {"exact-blur", "", "blur the low-signal map with the exactly sampled kernel (slow reference)"}},
        0,
        0,
        "Prints one JSON object (keys: task, sie, lfe, sie1, psnr, ssim, valid_fraction, valid_pixels,\n"
        "degenerate, size, regions, bands, ...). Undefined values are null.\n"
        "k and clip_level come from the scene's meta.json (--scene DIR, else a meta.json beside --on)\n"
        "unless --k / --clip-level are given; the file used is reported as \"scene_meta\"."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const Task task = [&] {
                    try {
                        return parseTask(args.required("task"));
                    } catch (const ll::Error& e) {
                        throw UsageError(e.what());
                    }
                }();
                CaseFiles files{args.required("on"), args.required("off"), args.required("edit"), std::nullopt};
                if (args.has("labels")) files.labels = args.string("labels");
                CaseOptions o;
                const std::optional<std::filesystem::path> metaFile = sceneMetaFile(args);
                std::optional<SceneMeta> meta;
                if (metaFile) meta = readSceneMeta(*metaFile);
                o.k = float(args.number("k", meta ? meta->k : 1.0));
                if (!(o.k > 0.0f)) throw UsageError("--k must be a positive number");
                if (auto s = args.size("size")) o.size = std::make_pair(s->width, s->height);
                o.allowAspectChange = args.flag("allow-aspect");
                if (args.has("clip-level")) o.clipLevel = float(args.number("clip-level", 0.0));
                else if (meta && meta->clipLevel) o.clipLevel = float(*meta->clipLevel);
                o.editColourSpace = args.string("colour-space", "srgb");

                MetricParams params;
                params.computeUncertainty = args.flag("uncertainty");
                params.uncertaintyDraws = int(args.integer("draws", params.uncertaintyDraws));
                if (params.uncertaintyDraws < 2) throw UsageError("--draws must be at least 2");
                params.uncertaintySeed = std::uint64_t(args.integer("seed", (long long)params.uncertaintySeed));
                if (args.flag("exact-blur")) params.blurMethod = BlurMethod::ExactKernel;

                const ColourConfig colour = ColourConfig::builtin();
                const LoadedCase c = loadCase(files, o, colour);
                const ModelImagePath path(colour, o.editColourSpace);
                const bool maps = args.has("maps");
                const EvalResult r = evaluate(c.inputs(task, &path), params, maps);
                nlohmann::json j = toJson(r.scores);
                if (!c.warnings.empty()) j["warnings"] = c.warnings;
                if (metaFile) j["scene_meta"] = metaFile->string();
                if (maps) {
                    nlohmann::json files = nlohmann::json::array();
                    for (const auto& p : writeEvalMaps(*r.maps, args.string("maps"))) files.push_back(p.string());
                    j["maps"] = files;
                }
                io.out << j.dump(2) << "\n";
                return 0;
            }};
}

} // namespace ll::cli
