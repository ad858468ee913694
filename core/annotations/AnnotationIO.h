#pragma once
// Loading and saving a scene's annotations, whatever the format (COCO or LabelMe, told apart by
// content: a top-level "images" list is COCO, a "shapes" list is LabelMe).
#include "annotations/CocoFormat.h"
#include "annotations/LabelMeFormat.h"
#include "annotations/SceneAnnotations.h"

#include <filesystem>
#include <string>
#include <vector>

namespace ll {

// COCO or LabelMe, by content. Throws ll::Error(subject, ...) for anything else.
AnnotationFormat detectAnnotationFormat(const nlohmann::ordered_json& doc, const std::string& subject);
std::string formatName(AnnotationFormat format); // "coco" / "labelme"
AnnotationFormat parseAnnotationFormat(const std::string& name); // throws ll::Error for other names

// Loads one scene's annotations. A COCO file with several images gives the image that belongs to
// the scene named by the file's folder (scenes/<scene>/labels.json; see SceneMatching.h), and
// throws when none does. Problems that do not stop the file from loading go to `warnings`
// (see AnnotationIssues.h); malformed JSON, a missing file or an unknown format throw ll::Error.
SceneAnnotations loadAnnotations(const std::filesystem::path& path, std::vector<std::string>* warnings = nullptr);
// The same, with the scene named explicitly (only matters for COCO files with several images).
SceneAnnotations loadAnnotations(const std::filesystem::path& path, const std::string& sceneName,
                                 std::vector<std::string>* warnings = nullptr);
// From JSON text (what the loaders do after reading the file).
SceneAnnotations parseAnnotations(std::string_view text, const std::string& subject, const std::string& sceneName = "",
                                  std::vector<std::string>* warnings = nullptr);

// Writes `scene` in the format it was read in (scene.format), atomically. An existing file is kept
// as "<file>.bak" first. Saving a COCO scene into an existing COCO file replaces that image and
// its annotations and keeps the file's other images.
void saveAnnotations(const SceneAnnotations& scene, const std::filesystem::path& path,
                     std::vector<std::string>* warnings = nullptr);

// Re-labels every shape's className with a custom alias table.
class ClassAliases;
void renormaliseClasses(SceneAnnotations& scene, const ClassAliases& aliases);

} // namespace ll
