#pragma once
// The work behind the edit-score window, run on a JobRunner worker: scan a material-replacement
// dataset (docs/edit-scores.md), then score one model's edit of one task with evaluateEdit together
// with the task's identity anchor (y = x) and paste anchor (the reference tiled into the mask),
// exactly as `lightlens-cli edit-eval` / `edit-bench` do. Qt-free apart from the cancel token.
#include "colour/ColourConfig.h"
#include "edit/EditEvaluation.h"
#include "edit/MaterialDataset.h"
#include "jobs/CancelToken.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ll::ui {

struct EditScoreResult {
    std::string task, model;
    std::filesystem::path editPath;
    Image input, edit;                         // scene-linear Rec.709, edit at the input's size
    std::optional<Mask> mask;
    bool hasReference = false;
    edit::GateAnchors gate;                    // the anchors the gate was computed with
    std::string gateSource;                    // "dataset.json" or "paper"
    edit::EditEvaluation evaluation;           // the model's edit
    edit::EditEvaluation identity;             // identity anchor
    std::optional<edit::EditEvaluation> paste; // paste anchor (needs a mask and a reference)
};

using EditScorePtr = std::shared_ptr<const EditScoreResult>;

// Gate anchors of a dataset: dataset.json's when present, else the paper's defaults.
edit::EditEvalParams editParamsFor(const edit::MaterialDataset& dataset, std::string* source = nullptr);

// The stages of scoreMaterialTask, reported before each starts: (0, "reading the images"), (1, "scoring
// the edit"), (2, "identity anchor"), (3, "paste anchor") and (kEditScoreStages, "done").
inline constexpr int kEditScoreStages = 4;
using EditScoreProgress = std::function<void(int stage, const std::string& what)>;

// Throws ll::Error naming the file for a missing edit or unreadable inputs; JobCancelled when the
// token is cancelled between the stages. `learned` as in evaluateEdit (null: the papers' models,
// listed as unavailable). `progress` (optional) is called on the worker thread.
EditScorePtr scoreMaterialTask(const edit::MaterialDataset& dataset, const std::string& task, const std::string& model,
                               const ColourConfig& colour, const CancelToken& token,
                               const edit::LearnedScorerRegistry* learned = nullptr,
                               const EditScoreProgress& progress = {});

} // namespace ll::ui
