#pragma once
// CSV tables with a header row, for importing judgements and scores (the records come from the
// project's one CSV reader, util/Csv.h).
#include "util/Csv.h"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll::stats {

using CsvRow = CsvRecord; // line (1-based, where the record starts) and fields
using ll::csvField;        // util/Csv.h

struct CsvTable {
    std::string source; // file name, for error messages
    std::vector<std::string> header;
    std::vector<CsvRow> rows; // records after the header; blank lines are skipped

    // Index of a header column, matched case-insensitively after trimming spaces; nullopt if absent.
    std::optional<std::size_t> column(std::string_view name) const;
    // The first of several accepted spellings that is present.
    std::optional<std::size_t> column(std::initializer_list<std::string_view> names) const;
};

// Parses CSV text; the first record is the header. Throws ll::Error("source", "line N: ...") on an
// unterminated quoted field, text after a closing quote, or an empty/duplicate header.
CsvTable parseCsv(std::string_view text, const std::string& source);

// Reads and parses a CSV file (errors name the file).
CsvTable readCsvFile(const std::filesystem::path& path);

// One record with its "\n" line end (ll::csvLine).
std::string csvRow(const std::vector<std::string>& fields);

// Trims ASCII spaces and tabs.
std::string trimmed(std::string_view s);
// ASCII lower case.
std::string lowered(std::string_view s);

} // namespace ll::stats
