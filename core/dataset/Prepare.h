#pragma once
// prepare: writes a dataset's 8-bit model inputs and records each scene's exposure k.
//
// For every scene: load on/off, resize to the evaluation size (resampleLinear: area averaging in linear
// light, bilinear when enlarging; aspect-ratio rule of the spec), take k from meta.json when it has one (unless recomputeK), else
// k = target / P_percentile(luminance of I_on) (exposureForPercentile: by default the 99.5th
// percentile of the lit image maps to 0.9, so the lit image is not clipped and both inputs share
// one k), write inputs/turn_on/<scene>.png from I_off and inputs/turn_off/<scene>.png from I_on,
// and record k in meta.json (other keys kept).
#include "dataset/Dataset.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ll {

struct PrepareOptions {
    std::optional<EvalSize> size;  // else dataset.json eval_size, else the scene's own size
    double percentile = 99.5;
    double target = 0.9;
    bool recomputeK = false;       // replace a k already in meta.json
    bool allowAspect = false;      // allow an aspect-ratio change of more than 1%
    std::string transfer = "srgb"; // the 8-bit encoding (an OCIO colour space)
};

struct PreparedScene {
    std::string name;
    double k = 1;
    bool kComputed = false;  // false: kept from meta.json
    int width = 0, height = 0;
    std::filesystem::path inputOn, inputOff;
};

struct PrepareSummary {
    std::vector<PreparedScene> scenes;
    std::size_t ignoredProblems = 0; // dataset problems that do not concern prepare (edits, extra files)
};

// Throws ll::Error (naming the file) when a scene cannot be prepared: an unreadable, missing or
// mismatched on/off image, a bad meta.json or dataset.json. Scene problems are checked for the whole
// dataset before anything is written. `progress` (optional) is called after each scene.
PrepareSummary prepareDataset(const std::filesystem::path& root, const PrepareOptions& options,
                              const std::function<void(const PreparedScene&)>& progress = {});

} // namespace ll
