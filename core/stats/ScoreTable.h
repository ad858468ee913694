#pragma once
// Per-edit metric scores to validate: the batch benchmark's per_image.csv (columns scene, model,
// task, sie, lfe, sie1, psnr, ssim, ...) or any CSV with scene, model, task and numeric columns
// (or item and numeric columns, for ratings of free-form items).
#include <cmath>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stats/Judgements.h"

namespace ll::stats {

// True for scores where larger means a better edit (psnr, ssim and names ending in "_higher").
// Everything else (sie, lfe, sie1, ...) is treated as an error: lower is better.
bool higherIsBetter(std::string_view metric);

class ScoreTable {
public:
    std::string source;
    std::vector<std::string> metrics; // numeric columns, in file order

    // Key of one edit; the task is normalised (turn_on -> on).
    static std::string editKey(std::string_view scene, std::string_view model, std::string_view task);

    // NaN when the edit or the value is missing (empty, "null", "nan" in the file).
    double value(const std::string& key, std::size_t metric) const;
    bool hasKey(const std::string& key) const { return rows_.count(key) > 0; }
    std::size_t metricIndex(std::string_view name) const; // throws ll::Error naming the file if absent
    std::size_t size() const { return rows_.size(); }

    void set(const std::string& key, std::vector<double> values) { rows_[key] = std::move(values); }

private:
    std::map<std::string, std::vector<double>> rows_;
};

// Loads a score table. Numeric columns are those whose every non-empty value parses as a number;
// "null"/"nan"/"" are missing. Rows with non-numeric text in a numeric column are reported in
// `problems` and that value is treated as missing. A duplicate edit is an error.
ScoreTable loadScoreTable(const std::filesystem::path& path, LoadProblems* problems = nullptr);
ScoreTable parseScoreTable(std::string_view csvText, const std::string& source, LoadProblems* problems = nullptr);

} // namespace ll::stats
