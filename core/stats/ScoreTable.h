#pragma once
// Per-edit metric scores to validate: the batch benchmark's per_image.csv, edit-bench's
// per_task.csv, or any CSV with scene, model, task and numeric columns (or item and numeric
// columns, for ratings of free-form items).
//
// Which way a score is better is never guessed from its name: it comes from the column
// declaration written beside the file (`<stem>.columns.json`, util/ColumnRoles.h) or from the user
// (`declare`, the CLI's --higher / --lower). Columns the declaration marks as keys, counts, flags,
// uncertainties or text are never metrics.
#include <cmath>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stats/Judgements.h"
#include "util/ColumnRoles.h"

namespace ll::stats {

class ScoreTable {
public:
    struct Edit { // one (scene, model, task) row of the table, for the model means of the leaderboard
        std::string scene, model, task; // task normalised
        std::string key;
    };

    std::string source;
    std::vector<std::string> metrics;        // candidate score columns, in file order
    std::vector<std::string> defaultMetrics; // from the declaration (empty: none given)
    std::string declarationSource;           // the sidecar read, "" if none
    bool taskGroups = true;                  // from the declaration: analyse each task as a group

    // Key of one edit; the task is normalised (turn_on -> on).
    static std::string editKey(std::string_view scene, std::string_view model, std::string_view task);

    // NaN when the edit or the value is missing (empty, "null", "nan" in the file).
    double value(const std::string& key, std::size_t metric) const;
    bool hasKey(const std::string& key) const { return rows_.count(key) > 0; }
    // Throws ll::Error naming the file if absent (or declared as something other than a score).
    std::size_t metricIndex(std::string_view name) const;
    std::size_t size() const { return rows_.size(); }

    // A row keyed by an item name (ratings of free-form items) ...
    void set(const std::string& key, std::vector<double> values) { rows_[key] = std::move(values); }
    // ... or by its edit (also listed in edits()).
    void setEdit(const std::string& scene, const std::string& model, const std::string& task, std::vector<double> values);
    const std::vector<Edit>& edits() const { return edits_; }

    // Which way `metric` is better: declared in the file's sidecar or by `declare`; nullopt if neither.
    std::optional<ScoreDirection> direction(std::string_view metric) const;
    void declare(const std::string& metric, ScoreDirection better);
    // The role a declaration gives a column that is not a score ("flag", "count", ...); "" otherwise.
    std::string nonScoreRole(std::string_view column) const;

    // Applies a column declaration: sets directions, default metrics, task groups, and removes
    // columns declared as non-scores from `metrics`.
    void applyDeclaration(const ColumnSidecar& sidecar, const std::string& sidecarSource);

private:
    std::map<std::string, std::vector<double>> rows_;
    std::vector<Edit> edits_;
    std::map<std::string, ScoreDirection> directions_;        // lower-cased name
    std::map<std::string, std::string> nonScore_;     // lower-cased name -> role
};

// Loads a score table and, when present, its column declaration (`<stem>.columns.json`).
// Numeric columns are those whose every non-empty value parses as a number; "null"/"nan"/"" are
// missing. Rows with non-numeric text in a numeric column are reported in `problems` and that
// value is treated as missing. A duplicate edit (or item) is an error. With scene, model, task and
// item columns, a row can be found both by its edit and by its item name.
ScoreTable loadScoreTable(const std::filesystem::path& path, LoadProblems* problems = nullptr);
ScoreTable parseScoreTable(std::string_view csvText, const std::string& source, LoadProblems* problems = nullptr,
                           const ColumnSidecar* declaration = nullptr, const std::string& declarationSource = "");

} // namespace ll::stats
