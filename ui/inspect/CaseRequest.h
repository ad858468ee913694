#pragma once
// CaseRequest: what a worker needs to load and evaluate one case, copied out of the Dataset on
// the GUI thread so jobs never touch shared state.
#include "dataset/EvaluationSize.h"
#include "inspect/CaseId.h"
#include "metrics/MetricParams.h"

#include <QString>

#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

namespace ll {
struct Dataset;
}

namespace ll::ui {

struct CaseRequest {
    CaseId id;
    std::filesystem::path on, off;
    std::optional<std::filesystem::path> labels;
    std::optional<std::filesystem::path> edit; // the model's edit; empty when missing/unusable
    QString editProblem;
    std::filesystem::path input; // inputs/turn_*/<scene>.png (the do-nothing baseline)
    std::optional<std::filesystem::path> doNothingEdit; // edits/do_nothing/... when the dataset has it
    float k = 1.0f;
    std::optional<float> clipLevel;
    std::optional<std::pair<int, int>> evalSize; // forced (dataset.json eval_size)
    // Without a forced size, the scene's evaluation size is the benchmark's: the smallest of these edits
    // (dataset/EvaluationSize.h), worked out by the worker from their headers.
    std::vector<SizedFile> sceneEdits;
    SizedFile pairFile;
    MetricParams params;
};

// Builds the request for a case of `dataset` (reads no file); throws ll::Error for an unknown scene.
CaseRequest makeCaseRequest(const Dataset& dataset, const CaseId& id, const MetricParams& params = {});

// Key of the metric parameters (part of the cache keys).
QString paramsKey(const MetricParams& params);

} // namespace ll::ui
