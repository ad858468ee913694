#pragma once
// The evaluation size of a scene (spec metrics-3dlp.md "Inputs", paper 4.1: "the outputs are rescaled
// to the smallest resolution among the tested models"): the smallest usable edit of the scene, by
// pixel count (then width), among the scored models and both tasks; never larger than the real pair;
// the pair's own size when no edit can be used. A forced size (--size, dataset.json eval_size) takes
// precedence over this rule and is applied by the caller.
#include "dataset/Dataset.h"

#include <string>
#include <utility>
#include <vector>

namespace ll {

struct SceneEvaluationSize {
    int width = 0, height = 0; // 0x0: unknown (the pair's header cannot be read and no edit is usable)
    // The distinct sizes of the scene's usable edits that took part, smallest first.
    std::vector<std::pair<int, int>> editSizes;
    bool fromPair = false; // the pair's size: no usable edit, or every edit is larger than the pair

    bool mixed() const { return editSizes.size() > 1; }
};

// An image file with its size when a scan already read it (0x0: read the header when needed).
struct SizedFile {
    std::filesystem::path path;
    int width = 0, height = 0;
};

// The rule over files: `edits` are the scene's usable edits of the tested models, `pair` its on image.
// Sizes left at 0 are read from the headers; an edit whose header cannot be read is not counted (its
// row fails when it is loaded).
SceneEvaluationSize evaluationSizeOf(const std::vector<SizedFile>& edits, const SizedFile& pair);

// The scene's usable edits of `models` (the do-nothing baseline is not a tested model and is never
// counted), for evaluationSizeOf. No file is read.
std::vector<SizedFile> sceneEditFiles(const Dataset& dataset, const Scene& scene, const std::vector<std::string>& models);

// evaluationSizeOf(sceneEditFiles(...), the scene's on image).
SceneEvaluationSize sceneEvaluationSize(const Dataset& dataset, const Scene& scene,
                                        const std::vector<std::string>& models);

// The smaller (by pixel count, then width) of an edit's size and the pair's: the size `eval` scores a
// single edit at when no size is forced.
std::pair<int, int> smallerSize(std::pair<int, int> a, std::pair<int, int> b);

// "1248x832".
std::string sizeText(std::pair<int, int> size);

} // namespace ll
