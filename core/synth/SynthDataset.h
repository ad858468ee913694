#pragma once
// writeSynthDataset: a complete synthetic dataset in the layout of data-and-cli.md, for demos and
// as the test fixture of everything downstream:
//   dataset.json                        {"name", "eval_size": [width, height], "generator": {...}}
//   scenes/scene_NNN/on.exr, off.exr    float EXR, linear Rec.709
//   scenes/scene_NNN/meta.json          {"k", "regime", "clip_level": null}
//   scenes/scene_NNN/labels.json        COCO polygons of probe_shadow, probe_highlight, metallic,
//                                       mirror, window, ambient_highlight
//   inputs/turn_on|turn_off/scene_NNN.png                (as `prepare` writes them, with the scene's k)
//   edits/<model>/turn_on|turn_off/scene_NNN.png         simulated models (synthModelNames())
// Byte-identical for the same parameters, whatever the number of threads.
#include "synth/SynthParams.h"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace ll {

struct SynthDatasetParams {
    SynthParams render;
    int scenes = 8;
    std::vector<std::string> models; // empty: all of synthModelNames()
    std::string name;                // dataset.json name; default "synthetic-<seed>"
};

struct SynthSceneSummary {
    std::string name;
    std::string regime;
    double k = 1;
    std::vector<std::string> regions; // region classes with at least one polygon
    double renderSeconds = 0;         // rendering the scene and its edits (no file writing)
    double totalSeconds = 0;          // including encoding and writing the files
};

struct SynthDatasetSummary {
    std::vector<SynthSceneSummary> scenes;
};

// Writes the dataset into `dir` (created if needed). Throws ll::Error when `dir` is a file, or an
// existing non-empty folder that is not a dataset (no scenes/), for an unknown model name or bad
// parameters. `progress` (optional) is called after each scene.
SynthDatasetSummary writeSynthDataset(const std::filesystem::path& dir, const SynthDatasetParams& params,
                                      const std::function<void(const SynthSceneSummary&)>& progress = {});

} // namespace ll
