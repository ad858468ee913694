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
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    CsvTable table;
    table.source = source;
    std::vector<CsvRow> records;

    std::size_t i = 0, line = 1;
    const std::size_t n = text.size();
    while (i < n) {
        CsvRow row;
        row.line = line;
        std::string field;
        bool recordDone = false;
        while (!recordDone) {
            field.clear();
            if (i < n && text[i] == '"') { // quoted field
                const std::size_t startLine = line;
                ++i;
                bool closed = false;
                while (i < n) {
                    const char c = text[i];
                    if (c == '"') {
                        if (i + 1 < n && text[i + 1] == '"') {
                            field += '"';
                            i += 2;
                            continue;
                        }
                        ++i;
                        closed = true;
                        break;
                    }
                    if (c == '\n') ++line;
                    field += c;
                    ++i;
                }
                if (!closed)
                    throw Error(source, "line " + std::to_string(startLine) + ": unterminated quoted field");
                // allow spaces after the closing quote, then a separator or line end
                while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
                if (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    throw Error(source, "line " + std::to_string(line) + ": text after a closing quote");
            } else {
                while (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r') field += text[i++];
            }
            row.fields.push_back(field);
            if (i >= n) {
                recordDone = true;
            } else if (text[i] == ',') {
                ++i;
            } else { // line end
                if (text[i] == '\r') ++i;
                if (i < n && text[i] == '\n') ++i;
                ++line;
                recordDone = true;
            }
        }
        const bool blank = row.fields.size() == 1 && trimmed(row.fields[0]).empty();
        if (!blank) records.push_back(std::move(row));
    }
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

std::string csvField(std::string_view value) {
    const bool needs = value.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!value.empty() && (value.front() == ' ' || value.back() == ' '));
    if (!needs) return std::string(value);
    std::string r = "\"";
    for (char c : value) {
        if (c == '"') r += '"';
        r += c;
    }
    r += '"';
    return r;
}

std::string csvRow(const std::vector<std::string>& fields) {
    std::string r;
    for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k) r += ',';
        r += csvField(fields[k]);
    }
    r += '\n';
    return r;
}

} // namespace ll::stats
