#pragma once
// One edit, fully scored: the material-edit scores, the unintended-change analysis and the status of
// the learned scorers, as a JSON object (every score labelled with the classical measure it is) and
// as maps (EXR float and greyscale PNG).
#include "edit/LearnedScorer.h"
#include "edit/MaterialScores.h"
#include "edit/UnintendedChanges.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace ll::edit {

struct EditEvalParams {
    MaterialScoreParams material;
    UnintendedChangeParams unintended;
};

struct EditEvaluation {
    int width = 0, height = 0;
    MaterialScores scores;
    UnintendedChangeReport changes;
    std::vector<LearnedScoreOutcome> learned;
    std::vector<std::string> notes;
};

// `learned` may be null: then the papers' models are listed as unavailable (paperLearnedScorers()).
EditEvaluation evaluateEdit(const EditCase& edit, const ColourConfig& colour, const EditEvalParams& params = {},
                            const LearnedScorerRegistry* learned = nullptr);

nlohmann::json toJson(const EditEvaluation& e);
nlohmann::json toJson(const Score& s);

// Writes every map as <dir>/<name>.exr (float) and <dir>/<name>.png (greyscale over a fixed range,
// listed in docs/edit-scores.md). Creates dir. Throws ll::Error naming the file on failure.
void writeEditMaps(const EditEvaluation& e, const std::filesystem::path& dir);

} // namespace ll::edit
