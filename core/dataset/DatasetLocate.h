#pragma once
// Where a file or folder lies in a dataset (layout: docs/data-layout.md): the dataset root (the nearest
// folder at or above it that has a scenes/ folder) and, when the path names one, the scene, model and
// task it belongs to. Used when a file of a dataset is dropped on the app or named on the command line:
// scenes/<scene>/<anything>, inputs/turn_<task>/<scene>.<ext>, edits/<model>/turn_<task>/<scene>.<ext>.
#include "util/Task.h"

#include <filesystem>
#include <optional>
#include <string>

namespace ll {

struct DatasetLocation {
    std::filesystem::path root; // the dataset folder
    std::string scene;          // "" when the path names no scene
    std::string model;          // "" unless the path is an edit or a model's folder
    std::optional<Task> task;   // for inputs and edits
};

// Looks only at names and at which folders exist (no file is read). nullopt when no folder at or above
// `path` has a scenes/ folder.
std::optional<DatasetLocation> locateInDataset(const std::filesystem::path& path);

} // namespace ll
