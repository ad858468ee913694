#pragma once
// RFC 4180 CSV, the one reader and writer every table and import uses: comma separated, fields
// optionally in double quotes, a doubled quote inside quotes is a literal quote, quoted fields may
// hold commas and line breaks. Reads LF or CRLF line ends, a UTF-8 byte-order mark and a missing
// final line break; blank lines are skipped.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

struct CsvRecord {
    std::size_t line = 0; // 1-based line number where the record starts
    std::vector<std::string> fields;
};

// Throws ll::Error(subject, "line N: ...") on an unterminated quoted field or text after a closing
// quote (spaces may follow it).
std::vector<CsvRecord> parseCsvRecords(std::string_view text, const std::string& subject);

// One field, quoted only when it holds a comma, quote, CR or LF, or starts or ends with a space (so
// readers that trim cells keep it intact).
std::string csvField(std::string_view value);
// One record with its "\n" line end.
std::string csvLine(const std::vector<std::string>& fields);

} // namespace ll
