#pragma once
// A small RFC 4180 CSV reader and writer: comma separated, fields optionally in double quotes, a
// doubled quote inside quotes is a literal quote, quoted fields may hold commas and line breaks.
// Accepts LF or CRLF line ends, a UTF-8 byte-order mark, and a missing final line break.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll::stats {

struct CsvRow {
    std::size_t line = 0; // 1-based line number where the record starts
    std::vector<std::string> fields;
};

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

// One field, quoted only when it holds a comma, quote, CR or LF (or leading/trailing spaces).
std::string csvField(std::string_view value);
// One record with its "\n" line end.
std::string csvRow(const std::vector<std::string>& fields);

// Trims ASCII spaces and tabs.
std::string trimmed(std::string_view s);
// ASCII lower case.
std::string lowered(std::string_view s);

} // namespace ll::stats
