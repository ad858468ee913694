#pragma once
// Scores every edit of a material dataset (and the identity and paste anchors of every task), then
// aggregates per model: means with 95% percentile-bootstrap intervals over tasks, the gate and the
// raw overall, and the pass rate of every unintended-change check and dimension.
#include "colour/ColourConfig.h"
#include "edit/Bootstrap.h"
#include "edit/EditEvaluation.h"
#include "edit/MaterialDataset.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::edit {

inline const char* const kIdentityAnchor = "anchor_identity";
inline const char* const kPasteAnchor = "anchor_paste";

struct EditBenchOptions {
    EditEvalParams params;
    std::string paramsSource;           // the parameters file `params` came from (empty: defaults); its gate
                                        // applies unless `gate` or `gateFromAnchors` is set
    std::uint64_t seed = 0;
    int draws = 10000;
    std::vector<std::string> models;    // empty: every model in edits/
    std::optional<GateAnchors> gate;    // explicit anchors (else dataset.json, else the paper's)
    bool gateFromAnchors = false;       // a = mean identity material, b = mean exemplar material - a
    std::string exemplar = kPasteAnchor; // the model whose mean material sets a + b
};

struct EditBenchRow {
    std::string model, task, material;
    std::string scene; // the task's scene (MaterialTask::scene)
    bool anchor = false;
    bool missing = false; // no edit file for this model and task
    std::string error;    // non-empty: the edit (or the task's input, mask or reference) could not be
                          // read or scored; the one-line message names the file. Counted apart from
                          // missing edits, left out of the means like them, listed in summary.json.
    bool failed() const { return !error.empty(); }
    bool scored() const { return !missing && error.empty(); }
    std::map<std::string, std::optional<double>> values; // score and diagnostic columns
    std::map<std::string, bool> flags;                   // per check: flagged
    std::map<std::string, bool> dimensionPass;           // semantic / structure / low-level: nothing flagged
};

struct ModelSummary {
    std::string model;
    bool anchor = false;
    std::size_t scored = 0, missing = 0, failed = 0;
    std::map<std::string, MeanInterval> means;                 // per score
    std::map<std::string, std::optional<double>> passRates;    // per check and per dimension
};

struct EditBenchResult {
    std::string dataset;
    GateAnchors gate;
    std::string gateSource; // "paper", "dataset.json", "option", "anchors"
    std::optional<GateAnchors> anchorGate; // computed from the identity and exemplar anchors when possible
    int draws = 0;
    std::uint64_t seed = 0;
    std::vector<EditBenchRow> rows;
    std::vector<ModelSummary> models;
};

// The score columns aggregated with intervals, in table order.
const std::vector<std::string>& benchScoreKeys();
// The unintended-change checks and dimensions, in table order.
const std::vector<std::string>& benchCheckKeys();
const std::vector<std::string>& benchDimensionKeys();

EditBenchResult runEditBench(const MaterialDataset& dataset, const ColourConfig& colour, const EditBenchOptions& options);

// per_task.csv, summary.json, scores.{md,csv,tex}, pass_rates.{md,csv,tex}; each written atomically.
void writeEditBenchOutputs(const EditBenchResult& result, const std::filesystem::path& dir);

std::string scoresTable(const EditBenchResult& r, const std::string& format);    // "md", "csv", "tex"
std::string passRateTable(const EditBenchResult& r, const std::string& format); // "md", "csv", "tex"

} // namespace ll::edit
