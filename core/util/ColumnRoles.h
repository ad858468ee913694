#pragma once
// What each column of a result CSV is, written next to it as a sidecar so that readers never guess
// from a column's name. `<stem>.columns.json` sits beside `<stem>.csv` (per_image.csv ->
// per_image.columns.json, per_task.csv -> per_task.columns.json):
//
//   {"format": "lightlens-columns/1", "file": "per_image.csv", "task_groups": true,
//    "default_metrics": ["sie", "lfe"],
//    "columns": [{"name": "scene", "role": "key"},
//                {"name": "sie", "role": "score", "better": "lower"}, ...]}
//
// Roles: key (identifies the row: scene, model, task, item), score (a quality measure of the edit;
// `better` is "higher" or "lower"), count (pixels, judgements, ...), flag (0/1 or true/false),
// uncertainty (a spread such as an SD), text. Only scores are metrics. `task_groups` says whether the
// file's task column names a few kinds of edit worth analysing one by one (the 3DLP on/off) or one
// item each (a material-replacement task). Docs: docs/human-validation.md.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

enum class ColumnRole { Key, Score, Count, Flag, Uncertainty, Text };
enum class ScoreDirection { Higher, Lower };

struct ColumnDeclaration {
    std::string name;
    ColumnRole role = ColumnRole::Text;
    std::optional<ScoreDirection> better; // scores only
};

struct ColumnSidecar {
    std::string file;                         // the CSV it describes (file name only)
    bool taskGroups = true;
    std::vector<std::string> defaultMetrics;  // empty: every score column
    std::vector<ColumnDeclaration> columns;   // in the CSV's column order

    const ColumnDeclaration* find(std::string_view name) const; // exact match
};

const char* columnRoleName(ColumnRole role);
const char* betterName(ScoreDirection better);

// per_image.csv -> per_image.columns.json (same folder).
std::filesystem::path columnSidecarPath(const std::filesystem::path& csv);

// The first record of a CSV text (its header), parsed with the project's CSV reader.
std::vector<std::string> csvHeaderFields(std::string_view csvText, const std::string& subject);

// Declares every header column of `csvText` with `roleOf(name)`; a column `roleOf` does not know
// (nullopt) is left undeclared, so readers treat it as unknown.
ColumnSidecar declareColumns(const std::string& file, std::string_view csvText, bool taskGroups,
                             std::vector<std::string> defaultMetrics,
                             std::optional<ColumnDeclaration> (*roleOf)(const std::string& name));

std::string columnSidecarJson(const ColumnSidecar& sidecar);
// Throws ll::Error naming `source` for malformed JSON, an unknown role, a score without a direction.
ColumnSidecar parseColumnSidecar(std::string_view json, const std::string& source);
// The sidecar of `csv`, or nullopt when there is none.
std::optional<ColumnSidecar> loadColumnSidecar(const std::filesystem::path& csv);

// Writes `<stem>.columns.json` beside `csvPath` (atomically) for the CSV text written there.
void writeColumnSidecar(const std::filesystem::path& csvPath, std::string_view csvText, bool taskGroups,
                        std::vector<std::string> defaultMetrics,
                        std::optional<ColumnDeclaration> (*roleOf)(const std::string& name));

} // namespace ll
