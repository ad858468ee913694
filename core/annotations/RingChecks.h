#pragma once
// Checks shared by the readers: coordinates must be finite numbers no larger than
// kMaxAnnotationCoordinate in magnitude; polygons need three points; points outside the image are
// kept (rasterisation clips them) with a warning.
#include "annotations/SceneAnnotations.h"

#include <optional>
#include <string>

namespace ll {

inline constexpr double kMaxAnnotationCoordinate = 1e6;

// A problem with one coordinate value, or nothing when it is usable.
std::optional<std::string> coordinateProblem(const nlohmann::ordered_json& value);

// True when some vertex lies outside [0,width] x [0,height] (false when the size is unknown).
bool ringLeavesImage(const Ring& ring, int width, int height);

// Shoelace area (absolute value).
double ringArea(const Ring& ring);

} // namespace ll
