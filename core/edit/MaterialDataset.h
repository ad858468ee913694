#pragma once
// A material-replacement dataset on disk (docs/edit-scores.md):
//   <dataset>/dataset.json                 optional {"name": "...", "gate": {"a": 0.242, "b": 0.380}}
//   <dataset>/edit-params.json             optional score parameters (EditParamsFile.h, from edit-calibrate)
//   <dataset>/tasks/<task>/input.png|exr   the scene x (any format LightLens reads)
//   <dataset>/tasks/<task>/mask.json       polygon(s), COCO or LabelMe; or mask.png (white = inside)
//   <dataset>/tasks/<task>/reference.png   optional material swatch r
//   <dataset>/tasks/<task>/task.json       optional {"material": "wood", "prompt": "...", "mask_class": "...",
//                                          "scene": "..."} (scene: the scene the task edits; default the task name)
//   <dataset>/edits/<model>/<task>.png     one edit per model and task (any LDR/HDR format)
#include "edit/EditEvaluation.h"
#include "edit/MaterialScores.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ll::edit {

struct MaterialTask {
    std::string name;
    std::filesystem::path dir, input, mask, reference; // mask / reference empty when absent
    std::string material, prompt, maskClass;
    std::string scene; // tasks editing the same scene share it (task.json "scene", default the task name)
};

struct MaterialDataset {
    std::filesystem::path root;
    std::string name;
    std::vector<MaterialTask> tasks;  // sorted by name
    std::vector<std::string> models;  // sorted
    std::optional<GateAnchors> gate;  // from dataset.json
    std::optional<EditEvalParams> params; // from edit-params.json
    std::filesystem::path paramsFile;     // that file, when present

    // The edit of `model` for `task`, or empty when there is none.
    std::filesystem::path editPath(const std::string& model, const std::string& task) const;
};

// Throws ll::Error naming the file or folder for a missing tasks/ folder, a task without an input,
// malformed JSON (also a malformed edit-params.json), or two edits of one task in different formats.
MaterialDataset scanMaterialDataset(const std::filesystem::path& root);

} // namespace ll::edit
