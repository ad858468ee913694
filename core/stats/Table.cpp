#include "stats/Table.h"

#include "stats/Csv.h"

#include <cmath>
#include <cstdio>

namespace ll::stats {

std::string formatNumber(double v, int digits) {
    if (!std::isfinite(v)) return "-";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    std::string s = buf;
    if (s.find_first_not_of("-0.") == std::string::npos && s[0] == '-') s.erase(0, 1); // no "-0.000"
    return s;
}

std::string formatEstimate(double value, double lo, double hi, int digits, bool percent) {
    const double k = percent ? 100.0 : 1.0;
    const int d = percent ? 1 : digits;
    std::string s = formatNumber(value * k, d) + (percent && std::isfinite(value) ? "%" : "");
    if (std::isfinite(lo) && std::isfinite(hi)) s += " [" + formatNumber(lo * k, d) + ", " + formatNumber(hi * k, d) + "]";
    return s;
}

std::string latexEscape(const std::string& s) {
    std::string r;
    for (char c : s) {
        switch (c) {
        case '&': case '%': case '$': case '#': case '_': case '{': case '}': r += '\\'; r += c; break;
        case '~': r += "\\textasciitilde{}"; break;
        case '^': r += "\\textasciicircum{}"; break;
        case '\\': r += "\\textbackslash{}"; break;
        default: r += c;
        }
    }
    return r;
}

namespace {
std::string mdCell(const std::string& s) {
    std::string r;
    for (char c : s) {
        if (c == '|') r += "\\|";
        else if (c == '\n') r += ' ';
        else r += c;
    }
    return r;
}
bool isNumeric(const Table& t, std::size_t c) { return c < t.numeric.size() && t.numeric[c]; }
} // namespace

std::string Table::markdown() const {
    std::string s;
    if (!title.empty()) s += "### " + title + "\n\n";
    if (!caption.empty()) s += caption + "\n\n";
    s += "|";
    for (const auto& h : header) {
        s += ' ';
        s += mdCell(h);
        s += " |";
    }
    s += "\n|";
    for (std::size_t c = 0; c < header.size(); ++c) s += isNumeric(*this, c) ? " ---: |" : " --- |";
    s += "\n";
    for (const auto& row : rows) {
        s += "|";
        for (std::size_t c = 0; c < header.size(); ++c) {
            s += ' ';
            s += mdCell(c < row.size() ? row[c] : "");
            s += " |";
        }
        s += "\n";
    }
    return s;
}

std::string Table::csv() const {
    std::string s = csvRow(header);
    for (const auto& row : rows) {
        std::vector<std::string> r = row;
        r.resize(header.size());
        s += csvRow(r);
    }
    return s;
}

std::string Table::latex() const {
    std::string spec;
    for (std::size_t c = 0; c < header.size(); ++c) spec += isNumeric(*this, c) ? 'r' : 'l';
    std::string s = "\\begin{table}[t]\n\\centering\n";
    if (!title.empty()) s += "\\caption{" + latexEscape(title) + (caption.empty() ? "" : ". " + latexEscape(caption)) + "}\n";
    s += "\\begin{tabular}{" + spec + "}\n\\toprule\n";
    for (std::size_t c = 0; c < header.size(); ++c) s += (c ? " & " : "") + latexEscape(header[c]);
    s += " \\\\\n\\midrule\n";
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < header.size(); ++c) s += (c ? " & " : "") + latexEscape(c < row.size() ? row[c] : "");
        s += " \\\\\n";
    }
    s += "\\bottomrule\n\\end{tabular}\n\\end{table}\n";
    return s;
}

} // namespace ll::stats
