#pragma once
// Deterministic number formatting for the benchmark's files. Results written by a plain run, a resumed
// run and a merge of shards must be byte-identical, so every number goes through these functions.
#include <optional>
#include <string>
#include <string_view>

namespace ll::bench {

// Shortest text that reads back to exactly the same double ("0.1", "1e-07"); "" for nullopt.
// Non-finite values are written as "nan", "inf", "-inf".
std::string formatExact(std::optional<double> v);
// Fixed number of decimals ("1.250"); "" for nullopt.
std::string formatFixed(std::optional<double> v, int decimals);
// Scientific with `digits` significant digits, e.g. 4.5e-06 (for uncertainties).
std::string formatScientific(double v, int digits);
// Reads what formatExact wrote; "" gives nullopt. Throws ll::Error naming `subject` on bad text.
std::optional<double> parseNumber(std::string_view text, const std::string& subject);

} // namespace ll::bench
