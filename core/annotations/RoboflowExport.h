#pragma once
// Matching a COCO export (one file, or Roboflow's folder with train/valid/test/_annotations.coco.json)
// to the scenes of a dataset, by the rule of SceneMatching.h.
#include "annotations/SceneAnnotations.h"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace ll {

// The COCO files of an export: `path` itself when it is a file; for a folder, its own
// _annotations.coco.json and those of its train, valid and test subfolders (in that order), then
// any other *.json directly inside that holds an "images" list is not looked for.
std::vector<std::filesystem::path> cocoExportFiles(const std::filesystem::path& path);

struct MatchedAnnotations {
    std::map<std::string, SceneAnnotations> scenes; // by scene name
    std::vector<std::string> unmatchedImages;       // "<file>: <image file_name> (<original name>)"
};

// Reads every file and assigns each image to a scene. An image that matches no scene is listed in
// unmatchedImages and reported as a warning; when two images match one scene, the first (exact
// name before role suffix, then file order) is used and the other reported.
MatchedAnnotations matchCocoExport(const std::vector<std::filesystem::path>& files,
                                   const std::vector<std::string>& sceneNames,
                                   std::vector<std::string>* warnings = nullptr);

} // namespace ll
