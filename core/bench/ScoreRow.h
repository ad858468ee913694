#pragma once
// ScoreRow: the scores of one edit (scene x model x task) as the batch benchmark records them, one row
// of per_image.csv. Everything the tables need is in the rows (the scene's lighting regime included), so
// tables can be recomputed from per_image.csv alone.
#include "util/Task.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::bench {

// Name of the "do nothing" baseline model (paper B.1): the input image sent back unchanged.
inline constexpr const char* kDoNothingModel = "do_nothing";

// Why a row has no scores.
enum class Failure {
    None,        // scored (individual scores may still be undefined)
    MissingEdit, // the model has no output for this scene and task
    BadEdit,     // the edit exists but cannot be read or does not fit the scene
    BadScene,    // the scene's real pair, labels or metadata cannot be used (not the model's fault)
    DegenerateEdit, // the edit was scored but is degenerate itself (blank, constant, flat, clipped
                    // wherever the pair is valid): its scores are undefined (spec "Standardisation")
};
const char* failureName(Failure f);
Failure parseFailure(const std::string& s); // throws ll::Error on an unknown name

// One region (annotation class or intensity band) of one edit. Values are null below the minimum
// pixel count.
struct RegionScore {
    long long pixels = 0;
    std::optional<double> sie;
    std::optional<double> lfe;
    bool operator==(const RegionScore&) const = default;
};

// The scores of an edit against the real pair under a white-balance shift (bench --wb-shift).
struct ShiftedScores {
    std::optional<double> sie, lfe, psnr, ssim;
    bool operator==(const ShiftedScores&) const = default;
};

struct ScoreRow {
    std::string scene;
    std::string model;
    Task task = Task::On;
    std::string regime; // from the scene's meta.json; "" when unknown
    int evalWidth = 0, evalHeight = 0; // the evaluation size of the scene (0 when unknown)
    // Every key of the scene's meta.json with its value as text (SceneMeta::fields), empty values
    // left out: per_image.csv columns meta.<key>, and the groups of `--group-by KEY`.
    std::map<std::string, std::string> meta;

    std::optional<double> sie, lfe, sie1, psnr, ssim; // null: undefined (e.g. empty validity mask)
    std::optional<double> validFraction;
    std::optional<long long> validPixels;
    bool degenerate = false;
    std::map<std::string, RegionScore> regions; // annotation classes, by name
    std::map<std::string, RegionScore> bands;   // intensity bands, by key such as "16-100"

    // 8-bit quantisation uncertainty (standard deviation over Monte Carlo draws), when asked for.
    std::optional<double> sdSie, sdLfe;
    // --wb-shift: the scores against the shifted pair, by shift name ("warm", "cold"); empty for a
    // failed row or without --wb-shift.
    std::map<std::string, ShiftedScores> wb;
    // Scores computed elsewhere (bench/ImportedScores.h), by column name: per_image.csv columns
    // imported.<name>. Absent when the import has no value for the row.
    std::map<std::string, double> imported;

    Failure failure = Failure::None;
    std::string errorFile; // dataset-relative path of the file at fault ("" when scored)
    std::string error;     // one-line message: why the row failed, or why a score is undefined

    bool failed() const { return failure != Failure::None; }
    bool operator==(const ScoreRow&) const = default;
};

// The canonical order of rows: scene, then model (byte-wise), then task (on before off).
bool rowLess(const ScoreRow& a, const ScoreRow& b);
// The identity of a row, "scene\tmodel\ttask", for de-duplication.
std::string rowKey(const std::string& scene, const std::string& model, Task task);
inline std::string rowKey(const ScoreRow& r) { return rowKey(r.scene, r.model, r.task); }

// Orders intensity-band keys "lo-hi" from the brightest band down (by upper edge, then lower edge,
// descending); keys that are not "number-number" come last, alphabetically.
std::vector<std::string> orderBands(std::vector<std::string> keys);
// Region (class) names sorted alphabetically.
std::vector<std::string> orderRegions(std::vector<std::string> keys);

} // namespace ll::bench
