#pragma once
// A Shape as JSON, losslessly (every field, the mask as a COCO RLE string, the object as read):
// what the edit journal stores, so a restored shape is the shape that was edited, bit for bit.
#include "annotate/ShapeChange.h"

#include <nlohmann/json.hpp>

namespace ll::ui {

nlohmann::ordered_json shapeToJson(const Shape& shape);
// Throws ll::Error(subject, ...) when the object is not a shape written by shapeToJson.
Shape shapeFromJson(const nlohmann::ordered_json& j, const std::string& subject);

nlohmann::ordered_json changesToJson(const ShapeChanges& changes);
ShapeChanges changesFromJson(const nlohmann::ordered_json& j, const std::string& subject);

} // namespace ll::ui
