// lightlens-cli labels VERB ...: polygon annotations (COCO as Roboflow exports it, LabelMe).
//   labels rasterise LABELS --size WxH --out DIR [--rule coco|labelme] [--scene S] [--boxes]
//   labels convert IN OUT --to coco|labelme [--scene S]
//   labels check LABELS [--scene S] [--dataset DIR]
#include "cli/Commands.h"

#include "annotations/AnnotationIO.h"
#include "annotations/AnnotationIssues.h"
#include "annotations/Rasterise.h"
#include "annotations/RoboflowExport.h"
#include "image/ImageIO.h"
#include "util/Error.h"

#include <filesystem>
#include <map>
#include <ostream>

namespace ll::cli {
namespace fs = std::filesystem;

namespace {

int printMessages(const std::vector<std::string>& messages, std::ostream& os) {
    int errors = 0;
    for (const auto& m : messages) {
        os << m << "\n";
        errors += isErrorMessage(m);
    }
    return errors;
}

SceneAnnotations load(const ParsedArgs& args, const fs::path& path, std::vector<std::string>& messages) {
    if (args.has("scene")) return loadAnnotations(path, args.required("scene"), &messages);
    return loadAnnotations(path, &messages);
}

int runRasterise(const ParsedArgs& args, Io& io) {
    if (args.positionals.size() != 2) throw UsageError("labels rasterise takes one LABELS file");
    if (!args.has("out")) throw UsageError("labels rasterise needs --out DIR");
    const fs::path labels = args.positionals[1], out = args.required("out");
    RasterOptions options;
    try {
        options.rule = parseRasterRule(args.string("rule", "coco"));
    } catch (const Error& e) {
        throw UsageError("--rule: " + e.problem());
    }
    options.includeBoxes = args.flag("boxes");
    std::vector<std::string> messages;
    const SceneAnnotations scene = load(args, labels, messages);
    int width = scene.imageWidth, height = scene.imageHeight;
    if (auto size = args.size("size")) {
        width = size->width;
        height = size->height;
    } else if (width <= 0 || height <= 0) {
        throw UsageError("the labels give no image size: pass --size WxH");
    }
    options.warnings = &messages;
    const auto masks = rasteriseByClass(scene, width, height, options);
    printMessages(messages, io.err);
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) throw Error(out.string(), "cannot create folder: " + ec.message());
    for (const auto& [cls, mask] : masks) {
        const fs::path file = out / (cls + ".png");
        savePng8(mask, file);
        io.out << file.string() << ": " << cls << ", " << countSet(mask) << " pixels of " << width << "x" << height << "\n";
    }
    if (masks.empty()) io.out << labels.string() << ": no shape to rasterise\n";
    return 0;
}

int runConvert(const ParsedArgs& args, Io& io) {
    if (args.positionals.size() != 3) throw UsageError("labels convert takes IN and OUT");
    if (!args.has("to")) throw UsageError("labels convert needs --to coco|labelme");
    AnnotationFormat to;
    try {
        to = parseAnnotationFormat(args.required("to"));
    } catch (const Error& e) {
        throw UsageError("--to: " + e.problem());
    }
    std::vector<std::string> messages;
    SceneAnnotations scene = load(args, args.positionals[1], messages);
    scene.format = to;
    saveAnnotations(scene, args.positionals[2], &messages);
    printMessages(messages, io.err);
    io.out << args.positionals[2] << ": written as " << formatName(to) << " from " << scene.shapes.size() << " shapes (any left out are listed above)\n";
    return 0;
}

std::vector<std::string> datasetScenes(const fs::path& dataset) {
    std::error_code ec;
    const fs::path scenes = dataset / "scenes";
    if (!fs::is_directory(scenes, ec)) throw Error(scenes.string(), "no scenes folder");
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(scenes, ec))
        if (e.is_directory()) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

int runCheck(const ParsedArgs& args, Io& io) {
    if (args.positionals.size() != 2) throw UsageError("labels check takes one LABELS file (or export folder with --dataset)");
    const fs::path labels = args.positionals[1];
    std::vector<std::string> messages;
    if (args.has("dataset")) {
        const auto matched = matchCocoExport(cocoExportFiles(labels), datasetScenes(args.required("dataset")), &messages);
        const int errors = printMessages(messages, io.out);
        for (const auto& [scene, a] : matched.scenes)
            io.out << "scene " << scene << ": " << a.shapes.size() << " shapes from '" << a.imagePath << "'\n";
        io.out << labels.string() << ": " << matched.scenes.size() << " scenes matched, " << matched.unmatchedImages.size()
               << " images unmatched, " << errors << " errors, " << (messages.size() - errors) << " warnings\n";
        return errors > 0 ? 1 : 0;
    }
    SceneAnnotations scene;
    try {
        scene = load(args, labels, messages);
    } catch (const Error& e) {
        printMessages(messages, io.out);
        io.out << e.what() << "\n";
        return 1;
    }
    RasterOptions options;
    options.warnings = &messages;
    if (scene.imageWidth > 0 && scene.imageHeight > 0) rasteriseByClass(scene, scene.imageWidth, scene.imageHeight, options);
    const int errors = printMessages(messages, io.out);
    std::map<std::string, int> classes;
    for (const auto& s : scene.shapes) ++classes[s.className];
    io.out << labels.string() << ": " << formatName(scene.format) << ", " << scene.imageWidth << "x" << scene.imageHeight << ", "
           << scene.shapes.size() << " shapes";
    const char* sep = " (";
    for (const auto& [cls, n] : classes) {
        io.out << sep << cls << " " << n;
        sep = ", ";
    }
    io.out << (classes.empty() ? "" : ")") << ", " << errors << " errors, " << (messages.size() - errors) << " warnings\n";
    return errors > 0 ? 1 : 0;
}

} // namespace

Command makeLabelsCommand() {
    CommandSpec spec{"labels",
                     "VERB ARGS...",
                     "polygon annotations: rasterise to class masks, convert COCO <-> LabelMe, check",
                     {{"size", "WxH", "rasterise: mask size (default: the labels' image size)"},
                      {"out", "DIR", "rasterise: folder for one <class>.png per class (255 inside)"},
                      {"rule", "coco|labelme", "rasterise: polygon rule (default coco, pycocotools-exact)"},
                      {"boxes", "", "rasterise: draw COCO box-only annotations as rectangles"},
                      {"to", "coco|labelme", "convert: output format"},
                      {"scene", "NAME", "the scene to take from a COCO file holding several images"},
                      {"dataset", "DIR", "check: match a COCO export (file or Roboflow folder) to DIR/scenes/*"}},
                     2,
                     3,
                     "verbs:\n"
                     "  rasterise LABELS --size WxH --out DIR [--rule coco|labelme] [--boxes]\n"
                     "  convert IN OUT --to coco|labelme     (OUT is written atomically; an old OUT is kept as OUT.bak)\n"
                     "  check LABELS [--dataset DIR]         (lists every problem; exit 1 if any is an error)\n"
                     "See docs/annotations.md for the formats, the scene matching rule and both raster rules.\n"};
    return {spec, [](const ParsedArgs& args, Io& io) {
                const std::string& verb = args.positionals.at(0);
                if (verb == "rasterise" || verb == "rasterize") return runRasterise(args, io);
                if (verb == "convert") return runConvert(args, io);
                if (verb == "check") return runCheck(args, io);
                throw UsageError("unknown verb '" + verb + "' (rasterise, convert, check)");
            }};
}

} // namespace ll::cli
