#pragma once
// Writers for Table: Markdown (GitHub tables; runner-up as <u>...</u>), CSV (one header row of column
// keys, values with fixed decimals, no emphasis) and LaTeX (booktabs: \toprule \midrule \bottomrule,
// \textbf for the best, \underline for the runner-up). All output is deterministic.
#include "bench/Table.h"

#include <string>

namespace ll::bench {

std::string tableToMarkdown(const Table& table);
std::string tableToCsv(const Table& table);
std::string tableToLatex(const Table& table);

// Escapes LaTeX special characters: \ & % $ # _ { } ~ ^
std::string latexEscape(const std::string& text);

} // namespace ll::bench
