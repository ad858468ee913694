#include "stats/Csv.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <set>

namespace ll::stats {

std::string trimmed(std::string_view s) {
    std::size_t b = 0, e = s.size();
    while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
    return std::string(s.substr(b, e - b));
}

std::string lowered(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return r;
}

std::optional<std::size_t> CsvTable::column(std::string_view name) const {
    const std::string want = lowered(trimmed(name));
    for (std::size_t i = 0; i < header.size(); ++i)
        if (lowered(trimmed(header[i])) == want) return i;
    return std::nullopt;
}

std::optional<std::size_t> CsvTable::column(std::initializer_list<std::string_view> names) const {
    for (auto n : names)
        if (auto c = column(n)) return c;
    return std::nullopt;
}

CsvTable parseCsv(std::string_view text, const std::string& source) {
    CsvTable table;
    table.source = source;
    std::vector<CsvRecord> records = parseCsvRecords(text, source);
    if (records.empty()) throw Error(source, "empty file (no header line)");
    table.header = records.front().fields;
    std::set<std::string> seen;
    for (const auto& h : table.header) {
        const std::string k = lowered(trimmed(h));
        if (k.empty()) throw Error(source, "line " + std::to_string(records.front().line) + ": empty column name in the header");
        if (!seen.insert(k).second)
            throw Error(source, "line " + std::to_string(records.front().line) + ": duplicate column '" + trimmed(h) + "'");
    }
    table.rows.assign(std::make_move_iterator(records.begin() + 1), std::make_move_iterator(records.end()));
    return table;
}

CsvTable readCsvFile(const std::filesystem::path& path) {
    return parseCsv(readFile(path), path.string());
}

std::string csvRow(const std::vector<std::string>& fields) { return csvLine(fields); }

} // namespace ll::stats
