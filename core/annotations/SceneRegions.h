#pragma once
// A scene's region masks from its labels file, for scoring: a labels file that cannot be read
// (malformed JSON, an unknown format, no image for the scene, a missing file) does not stop the
// scene from being scored. Its labels are ignored, the region scores stay empty and the problem is
// reported once (`labelsProblem`, and a warning line naming the file).
#include "image/Plane.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll {

struct SceneRegions {
    std::map<std::string, Mask> regions;    // by class, at the requested size; empty when ignored
    std::optional<std::string> labelsProblem; // "file: problem" when the labels were ignored
};

// The warning line of ignored labels ("<file>: <problem>; labels ignored, region scores left empty").
std::string ignoredLabelsWarning(const std::string& problem);

// Loads `labels` and rasterises it by class at width x height. Load warnings (and the warning of
// ignored labels) are appended to `warnings`.
SceneRegions loadSceneRegions(const std::filesystem::path& labels, int width, int height,
                              std::vector<std::string>* warnings);

} // namespace ll
