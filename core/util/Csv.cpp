#include "util/Csv.h"

#include "util/Error.h"

namespace ll {

namespace {
bool blank(const std::vector<std::string>& fields) {
    if (fields.size() != 1) return false;
    for (char c : fields[0])
        if (c != ' ' && c != '\t') return false;
    return true;
}
} // namespace

std::vector<CsvRecord> parseCsvRecords(std::string_view text, const std::string& subject) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    std::vector<CsvRecord> records;
    std::size_t i = 0, line = 1;
    const std::size_t n = text.size();
    while (i < n) {
        CsvRecord row;
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
                if (!closed) throw Error(subject, "line " + std::to_string(startLine) + ": unterminated quoted field");
                while (i < n && (text[i] == ' ' || text[i] == '\t')) ++i;
                if (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r')
                    throw Error(subject, "line " + std::to_string(line) + ": text after a closing quote");
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
        if (!blank(row.fields)) records.push_back(std::move(row));
    }
    return records;
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

std::string csvLine(const std::vector<std::string>& fields) {
    std::string r;
    for (std::size_t k = 0; k < fields.size(); ++k) {
        if (k) r += ',';
        r += csvField(fields[k]);
    }
    r += '\n';
    return r;
}

} // namespace ll
