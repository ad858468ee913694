#pragma once
// One ScoreRow as one line of JSON, the record format of the resume journal. Numbers are stored as
// the exact text of NumberFormat (so NaN and infinity survive and values read back bit for bit).
#include "bench/ScoreRow.h"

#include <string>

namespace ll::bench {

// One line without the trailing newline.
std::string rowToJsonLine(const ScoreRow& row);
// Throws ll::Error naming `subject` when the line is not a complete row record.
ScoreRow rowFromJsonLine(const std::string& line, const std::string& subject);

} // namespace ll::bench
