#pragma once
// COCO instance segmentation JSON, including the way Roboflow exports it:
//  - category 0 is the project itself (its name is the project name, its supercategory "none",
//    and the real categories name it as their supercategory): it is skipped, not a class;
//  - image and annotation ids start at 0;
//  - one "_annotations.coco.json" per split folder (train/valid/test);
//  - images are renamed "<stem>_<ext>.rf.<hash>.<ext2>", the original name in "extra.name";
//  - coordinates refer to the exported (often resized) image: its "width" x "height" become the
//    scene's imageWidth x imageHeight, and rasterisation rescales from there.
// Segmentations: polygon lists (parts of one annotation are unioned, RingRule::Union), RLE with
// "counts" as a list or as pycocotools' compressed string (Shape::mask), or empty with a "bbox"
// (ShapeKind::Box, reported, not rasterised unless asked).
#include "annotations/SceneAnnotations.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// One SceneAnnotations per image of the document, in file order. Problems with single entries are
// reported in `warnings` and the entry is skipped; a document without an "images" list throws.
std::vector<SceneAnnotations> parseCocoImages(const nlohmann::ordered_json& doc, const std::string& subject,
                                              std::vector<std::string>* warnings = nullptr);
std::vector<SceneAnnotations> parseCocoText(std::string_view text, const std::string& subject,
                                            std::vector<std::string>* warnings = nullptr);
std::vector<SceneAnnotations> readCocoImages(const std::filesystem::path& path,
                                             std::vector<std::string>* warnings = nullptr);

// The image of a COCO file that belongs to `sceneName` (SceneMatching.h); when sceneName is empty,
// the file's only image. Throws ll::Error when there is no such image (or several and no name).
SceneAnnotations readCoco(const std::filesystem::path& path, const std::string& sceneName = "",
                          std::vector<std::string>* warnings = nullptr);

// The COCO document with `scene` as one of its images. `base` is the document to write into (an
// existing multi-image file: the scene's image, matched by id, and its annotations are replaced,
// everything else kept); without one, the scene's own original document (or a new one) is used.
// Categories are reused by name and new labels get new ids. Shapes with holes (several even-odd
// rings that overlap) are written as compressed RLE, since COCO unions polygon parts; shapes COCO
// cannot hold (circle, line, ...) are left out; each such case is reported in `warnings`. Throws
// ll::Error when the scene's image size is unknown (COCO needs it; e.g. a LabelMe file without one).
std::string cocoText(const SceneAnnotations& scene, const nlohmann::ordered_json* base = nullptr,
                     std::vector<std::string>* warnings = nullptr);
// Writes a single-image COCO file atomically (no backup: see saveAnnotations for that).
void writeCoco(const SceneAnnotations& scene, const std::filesystem::path& path,
               std::vector<std::string>* warnings = nullptr);

} // namespace ll
