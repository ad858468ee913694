#include "annotations/RoboflowExport.h"

#include "annotations/CocoFormat.h"
#include "annotations/SceneMatching.h"
#include "util/Error.h"

namespace ll {
namespace fs = std::filesystem;

std::vector<fs::path> cocoExportFiles(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw Error(path.string(), "not found");
    if (!fs::is_directory(path, ec)) return {path};
    std::vector<fs::path> files;
    for (const char* sub : {"", "train", "valid", "test"}) {
        const fs::path f = (*sub ? path / sub : path) / "_annotations.coco.json";
        if (fs::is_regular_file(f, ec)) files.push_back(f);
    }
    if (files.empty()) throw Error(path.string(), "no _annotations.coco.json in the folder or its train/valid/test folders");
    return files;
}

MatchedAnnotations matchCocoExport(const std::vector<fs::path>& files, const std::vector<std::string>& sceneNames,
                                   std::vector<std::string>* warnings) {
    MatchedAnnotations out;
    std::map<std::string, bool> exactOf; // scene -> chosen image matched exactly
    std::map<std::string, std::string> sourceOf;
    for (const auto& file : files) {
        auto images = readCocoImages(file, warnings);
        for (auto& image : images) {
            const std::string described = "'" + image.imagePath + "'" +
                                          (image.originalName != image.imagePath ? " (" + image.originalName + ")" : "");
            const auto scene = matchScene(image.originalName, sceneNames);
            if (!scene) {
                out.unmatchedImages.push_back(file.string() + ": " + described);
                if (warnings) warnings->push_back(file.string() + ": warning: image " + described + " matches no scene");
                continue;
            }
            const bool exact = matchScene(image.originalName, {*scene}) && imageStem(image.originalName) == imageStem(*scene + ".x");
            const auto it = out.scenes.find(*scene);
            if (it != out.scenes.end()) {
                const bool replace = exact && !exactOf[*scene];
                if (warnings)
                    warnings->push_back(file.string() + ": warning: image " + described + " also matches scene '" + *scene +
                                        "'; " + (replace ? "it replaces " : "kept: ") + sourceOf[*scene]);
                if (!replace) continue;
            }
            sourceOf[*scene] = file.string() + ": " + described;
            exactOf[*scene] = exact;
            out.scenes[*scene] = std::move(image);
        }
    }
    return out;
}

} // namespace ll
