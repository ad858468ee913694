#pragma once
// Scores computed elsewhere (LPIPS, DreamSim, a VLM's rating, any learned metric) joined to the
// benchmark's rows. An import is a CSV keyed by scene, model and task:
//
//   scene,model,task,lpips,dreamsim
//   kitchen,flux,on,0.352,0.118
//
// Every other column is a score whose direction is declared, never guessed: in a column declaration
// beside the file (<stem>.columns.json, util/ColumnRoles.h; a column declared as anything but a score
// is skipped) or by the caller (`--lower lpips`, `--higher rating`, which win). A score without a declared
// direction is an error naming the column. Empty cells are "no value"; a non-number, NaN or infinity
// is an error naming the file and line. The columns become per_image.csv's imported.<name> columns
// (declared with their direction in per_image.columns.json) and the classic table's extra columns.
// Nothing is computed here: a column is absent until a file provides it.
#include "bench/ScoreRow.h"
#include "util/ColumnRoles.h"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace ll::bench {

struct ImportedColumn {
    std::string name;   // as in the file: per_image.csv column imported.<name>
    ScoreDirection better = ScoreDirection::Lower;
    std::string source; // the file name it came from (no folder)
    bool operator==(const ImportedColumn&) const = default;
};

struct ImportedScores {
    std::vector<ImportedColumn> columns; // in file order, then column order
    // rowKey(scene, model, task) -> column name -> value
    std::map<std::string, std::map<std::string, double>> values;
    // A digest of the columns and values (FNV-1a 64 in hex): runs merged or compared must agree on it.
    std::string digest;
};

// Reads the import files. `declared` gives directions by column name (--higher / --lower); they
// override a declaration beside the file, as in `validate`. A declared name no file has is an error. Throws
// ll::Error naming the file for: a missing scene, model or task column, an unknown task, a duplicate
// (scene, model, task) row, a bad number, a column name outside [A-Za-z0-9_-], a column given by two
// files, or a score without a direction.
ImportedScores readImportedScores(const std::vector<std::filesystem::path>& files,
                                  const std::map<std::string, ScoreDirection>& declared);

// Sets each row's `imported` values from `scores` (replacing any it had). Failed rows get them too (the
// tables leave failed rows out). Returns the keys of `scores` that match no row ("scene/model/task").
std::vector<std::string> attachImportedScores(std::vector<ScoreRow>& rows, const ImportedScores& scores);

// The one-line warning for import rows that match no row of the run ("" when there are none).
std::string unmatchedImportWarning(const std::vector<std::string>& unmatched);

// The value of an imported score of `row` (nullopt when the row has none or failed).
std::optional<double> importedScore(const ScoreRow& row, const std::string& name);

} // namespace ll::bench
