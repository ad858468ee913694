#include "bench/NumberFormat.h"
#include "bench/TableWriters.h"

namespace ll::bench {

namespace {

std::string arrow(Better b) { return b == Better::Lower ? " ↓" : b == Better::Higher ? " ↑" : ""; }

std::string mdEscape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '|' || c == '*' || c == '_' || c == '<' || c == '`' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string headerLabel(const Column& c) {
    return (c.group.empty() ? c.label : c.group + " " + c.label) + arrow(c.better);
}

// Appends " text |".
void addCell(std::string& out, const std::string& text) {
    out.append(" ").append(text).append(" |");
}

} // namespace

std::string tableToMarkdown(const Table& t) {
    const auto emph = emphasis(t);
    std::string out;
    if (!t.caption.empty()) out += t.caption + "\n\n";
    out += "|";
    for (const auto& h : t.labelHeaders) addCell(out, mdEscape(h));
    for (const auto& c : t.columns) addCell(out, headerLabel(c));
    out += "\n|";
    for (std::size_t i = 0; i < t.labelHeaders.size(); ++i) out += "---|";
    for (std::size_t i = 0; i < t.columns.size(); ++i) out += "---:|";
    out += "\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& row = t.rows[r];
        out += "|";
        for (std::size_t i = 0; i < t.labelHeaders.size(); ++i)
            addCell(out, mdEscape(i < row.labels.size() ? row.labels[i] : std::string()));
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const Cell cell = c < row.cells.size() ? row.cells[c] : Cell{};
            std::string v = displayValue(t.columns[c], cell.value);
            if (emph[r][c] == Emphasis::Best) v = "**" + v + "**";
            else if (emph[r][c] == Emphasis::RunnerUp) v = "<u>" + v + "</u>";
            if (t.columns[c].hasPlusMinus && cell.value)
                v += cell.plusMinus ? " ± " + formatScientific(*cell.plusMinus, 2) : " ± n/a";
            if (t.columns[c].hasInterval && cell.value) v += " " + displayInterval(t.columns[c], cell);
            addCell(out, v);
        }
        out += "\n";
    }
    if (!t.notes.empty()) {
        out += "\n";
        for (const auto& n : t.notes) out += n + "\n";
    }
    return out;
}

} // namespace ll::bench
