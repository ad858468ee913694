#pragma once
// A small text table rendered as Markdown (pipe table), CSV (RFC 4180) or LaTeX (booktabs).
#include <string>
#include <vector>

namespace ll::stats {

struct Table {
    std::string title;   // Markdown heading / LaTeX caption
    std::string caption; // one paragraph under the title
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<bool> numeric; // per column: right-aligned (defaults to false)

    std::string markdown() const;
    std::string csv() const;
    std::string latex() const;
};

// "0.712" (digits after the point); "-" for NaN.
std::string formatNumber(double v, int digits = 3);
// "0.712 [0.650, 0.771]"; percent: "70.4% [65.0, 75.1]".
std::string formatEstimate(double value, double lo, double hi, int digits = 3, bool percent = false);
// Escapes LaTeX specials (& % $ # _ { } ~ ^ \).
std::string latexEscape(const std::string& s);

} // namespace ll::stats
