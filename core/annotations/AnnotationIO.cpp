#include "annotations/AnnotationIO.h"

#include "annotations/ClassNames.h"
#include "annotations/JsonText.h"
#include "annotations/SceneMatching.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

namespace ll {

using ojson = nlohmann::ordered_json;

AnnotationFormat detectAnnotationFormat(const ojson& doc, const std::string& subject) {
    if (doc.is_object() && doc.contains("images")) return AnnotationFormat::Coco;
    if (doc.is_object() && doc.contains("shapes")) return AnnotationFormat::LabelMe;
    throw Error(subject, "neither COCO (no 'images' list) nor LabelMe (no 'shapes' list) JSON");
}

std::string formatName(AnnotationFormat format) { return format == AnnotationFormat::Coco ? "coco" : "labelme"; }

AnnotationFormat parseAnnotationFormat(const std::string& name) {
    if (name == "coco") return AnnotationFormat::Coco;
    if (name == "labelme") return AnnotationFormat::LabelMe;
    throw Error("annotation format", "'" + name + "' is not one of coco, labelme");
}

SceneAnnotations parseAnnotations(std::string_view text, const std::string& subject, const std::string& sceneName,
                                  std::vector<std::string>* warnings) {
    const ojson doc = parseJsonText(text, subject);
    if (detectAnnotationFormat(doc, subject) == AnnotationFormat::LabelMe) return parseLabelMe(doc, subject, warnings);
    std::vector<std::string> local;
    auto scenes = parseCocoImages(doc, subject, &local);
    if (warnings) warnings->insert(warnings->end(), local.begin(), local.end());
    if (scenes.empty()) throw Error(subject, "COCO file holds no usable image");
    if (scenes.size() == 1 && (sceneName.empty() || matchScene(scenes[0].originalName, {sceneName})))
        return std::move(scenes[0]);
    if (sceneName.empty())
        throw Error(subject, "COCO file holds " + std::to_string(scenes.size()) + " images; name the scene to read");
    SceneAnnotations* chosen = nullptr;
    for (auto& s : scenes) {
        if (!matchScene(s.originalName, {sceneName})) continue;
        if (chosen) {
            if (warnings)
                warnings->push_back(subject + ": warning: images '" + chosen->imagePath + "' and '" + s.imagePath +
                                    "' both match scene '" + sceneName + "'; the first is used");
            break;
        }
        chosen = &s;
    }
    if (!chosen) {
        if (scenes.size() == 1) {
            if (warnings)
                warnings->push_back(subject + ": warning: its only image '" + scenes[0].originalName +
                                    "' does not match scene '" + sceneName + "'; used anyway");
            return std::move(scenes[0]);
        }
        throw Error(subject, "none of its " + std::to_string(scenes.size()) + " images matches scene '" + sceneName + "'");
    }
    return std::move(*chosen);
}

SceneAnnotations loadAnnotations(const std::filesystem::path& path, std::vector<std::string>* warnings) {
    // scenes/<scene>/labels.json: the folder names the scene.
    const std::string scene = path.has_parent_path() ? path.parent_path().filename().string() : std::string();
    const std::string text = readFile(path);
    const ojson doc = parseJsonText(text, path.string());
    if (detectAnnotationFormat(doc, path.string()) == AnnotationFormat::LabelMe)
        return parseLabelMe(doc, path.string(), warnings);
    return parseAnnotations(text, path.string(), scene, warnings);
}

SceneAnnotations loadAnnotations(const std::filesystem::path& path, const std::string& sceneName,
                                 std::vector<std::string>* warnings) {
    return parseAnnotations(readFile(path), path.string(), sceneName, warnings);
}

void saveAnnotations(const SceneAnnotations& scene, const std::filesystem::path& path, std::vector<std::string>* warnings) {
    std::string text;
    std::optional<std::string> previous;
    std::error_code ec;
    if (std::filesystem::exists(path, ec)) previous = readFile(path);
    if (scene.format == AnnotationFormat::Coco) {
        std::optional<ojson> base;
        if (previous) {
            try {
                ojson existing = ojson::parse(*previous);
                if (existing.is_object() && existing.contains("images") && existing["images"].is_array()) base = std::move(existing);
            } catch (const nlohmann::json::exception&) {
                // not COCO: replaced (the old file stays as .bak)
            }
        }
        text = cocoText(scene, base ? &*base : nullptr, warnings);
    } else {
        text = labelMeText(scene, warnings);
    }
    if (previous) {
        std::filesystem::path backup = path;
        backup += ".bak";
        writeFileAtomic(backup, *previous);
    }
    writeFileAtomic(path, text);
}

void renormaliseClasses(SceneAnnotations& scene, const ClassAliases& aliases) {
    for (auto& s : scene.shapes) s.className = aliases.normalise(s.label);
}

} // namespace ll
