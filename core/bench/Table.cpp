#include "bench/Table.h"

#include "bench/NumberFormat.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ll::bench {

Column makeColumn(std::string key, std::string group, std::string label, Better better, int decimals, CellFormat format) {
    Column c;
    c.key = std::move(key);
    c.group = std::move(group);
    c.label = std::move(label);
    c.better = better;
    c.decimals = decimals;
    c.format = format;
    return c;
}

std::string displayValue(const Column& column, const std::optional<double>& value) {
    if (!value || std::isnan(*value)) return "n/a";
    switch (column.format) {
    case CellFormat::Fixed: return formatFixed(value, column.decimals);
    case CellFormat::Integer: return formatFixed(value, 0);
    case CellFormat::Delta: {
        const std::string s = formatFixed(value, column.decimals);
        return s[0] == '-' ? s : "+" + s;
    }
    case CellFormat::Percent: {
        std::string s = formatFixed(*value * 100.0, column.decimals);
        if (s[0] != '-' && s.find_first_not_of("0.") != std::string::npos) s = "+" + s;
        return s + "%";
    }
    case CellFormat::Share: return formatFixed(*value * 100.0, column.decimals) + "%";
    }
    return {};
}

std::string displayInterval(const Column& column, const Cell& cell) {
    if (!column.hasInterval) return {};
    if (!cell.low || !cell.high) return "[n/a]";
    const double scale = column.format == CellFormat::Share || column.format == CellFormat::Percent ? 100.0 : 1.0;
    return "[" + formatFixed(*cell.low * scale, column.decimals) + ", " + formatFixed(*cell.high * scale, column.decimals) + "]";
}

namespace {

// The value as the reader sees it, rounded to the displayed decimals.
double shownNumber(const Column& col, double v) {
    const double scaled = col.format == CellFormat::Percent || col.format == CellFormat::Share ? v * 100.0 : v;
    const int decimals = col.format == CellFormat::Integer ? 0 : col.decimals;
    return *parseNumber(formatFixed(scaled, decimals), col.key);
}

} // namespace

std::vector<std::vector<Emphasis>> emphasis(const Table& table) {
    std::vector<std::vector<Emphasis>> out(table.rows.size(), std::vector<Emphasis>(table.columns.size()));
    std::set<int> groups;
    for (const auto& r : table.rows) groups.insert(r.group);
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
        const Column& col = table.columns[c];
        if (col.better == Better::None) continue;
        for (int g : groups) {
            // Distinct displayed values, compared as the rounded numbers a reader sees.
            std::vector<double> shown;
            for (const auto& r : table.rows) {
                if (r.group != g || !r.ranked || c >= r.cells.size()) continue;
                const auto& v = r.cells[c].value;
                if (!v || !std::isfinite(*v)) continue;
                shown.push_back(shownNumber(col, *v));
            }
            if (shown.empty()) continue;
            std::sort(shown.begin(), shown.end());
            shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
            if (col.better == Better::Higher) std::reverse(shown.begin(), shown.end());
            for (std::size_t ri = 0; ri < table.rows.size(); ++ri) {
                const auto& r = table.rows[ri];
                if (r.group != g || !r.ranked || c >= r.cells.size()) continue;
                const auto& v = r.cells[c].value;
                if (!v || !std::isfinite(*v)) continue;
                const double s = shownNumber(col, *v);
                if (s == shown[0]) out[ri][c] = Emphasis::Best;
                else if (shown.size() > 1 && s == shown[1]) out[ri][c] = Emphasis::RunnerUp;
            }
        }
    }
    return out;
}

} // namespace ll::bench
