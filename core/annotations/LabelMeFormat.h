#pragma once
// LabelMe JSON (labelme 3.x to 5.x): {"version", "flags", "shapes": [{"label", "points", "group_id",
// "description", "shape_type", "flags", ...}], "imagePath", "imageData", "imageHeight", "imageWidth"}.
// polygon and rectangle shapes are drawn; other shape types (circle, line, linestrip, point, mask)
// are kept for round trips and reported as not rasterised. Unknown keys and key order survive a
// read/write round trip. A shape's extra even-odd rings (holes) are kept under the shape key
// "lightlens_rings" (a list of point lists), which labelme itself carries along untouched.
#include "annotations/SceneAnnotations.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// From a parsed document / JSON text / file. `subject` names the source in messages. Shapes with
// problems are dropped with an error message in `warnings`; a document that is not a LabelMe
// object throws ll::Error.
SceneAnnotations parseLabelMe(const nlohmann::ordered_json& doc, const std::string& subject,
                              std::vector<std::string>* warnings = nullptr);
SceneAnnotations parseLabelMeText(std::string_view text, const std::string& subject,
                                  std::vector<std::string>* warnings = nullptr);
SceneAnnotations readLabelMe(const std::filesystem::path& path, std::vector<std::string>* warnings = nullptr);

// The LabelMe document for `scene`. Shapes LabelMe cannot hold (RLE masks) are left out with an
// error message; COCO multi-part shapes become one LabelMe shape per part sharing a group_id.
std::string labelMeText(const SceneAnnotations& scene, std::vector<std::string>* warnings = nullptr);
// Writes labelMeText atomically (no backup: see saveAnnotations for that).
void writeLabelMe(const SceneAnnotations& scene, const std::filesystem::path& path,
                  std::vector<std::string>* warnings = nullptr);

} // namespace ll
