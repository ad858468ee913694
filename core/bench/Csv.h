#pragma once
// Minimal RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled.
#include <string>
#include <string_view>
#include <vector>

namespace ll::bench {

std::string csvField(std::string_view s);
// Joins fields into one line ending in "\n".
std::string csvLine(const std::vector<std::string>& fields);
// Splits a whole CSV text into records. Throws ll::Error naming `subject` on an unterminated quote.
std::vector<std::vector<std::string>> parseCsv(std::string_view text, const std::string& subject);

} // namespace ll::bench
