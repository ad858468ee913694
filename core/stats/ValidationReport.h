#pragma once
// Everything a validation produces, as tables (Markdown, CSV, LaTeX booktabs), a JSON summary and
// plain CSV data for figures (agreement by separation quartile, score-vs-human scatter, ceiling).
#include "stats/Table.h"
#include "stats/Validation.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ll::stats {

struct NamedTable {
    std::string name; // file stem, e.g. "correlation"
    Table table;
};

std::vector<NamedTable> validationTables(const ValidationResult& r);

// The JSON summary (NaN written as null).
nlohmann::json validationSummary(const ValidationResult& r);

// Figure data: {file name, CSV text}.
std::vector<std::pair<std::string, std::string>> validationPlotData(const ValidationResult& r);

// Writes <name>.md/.csv/.tex per table, tables.md (all), plots/*.csv and summary.json into `dir`
// (created if needed). Every file is written atomically; summary.json is written last.
// Returns the paths written.
std::vector<std::filesystem::path> writeValidationReport(const ValidationResult& r, const std::filesystem::path& dir);

} // namespace ll::stats
