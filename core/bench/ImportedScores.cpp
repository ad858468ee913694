#include "bench/ImportedScores.h"

#include "bench/NumberFormat.h"
#include "util/AtomicFile.h"
#include "util/Csv.h"
#include "util/Error.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>

namespace ll::bench {

namespace {

bool validName(const std::string& s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
    return true;
}

std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

void fnv(std::uint64_t& h, const std::string& s) {
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    h ^= 0xff; // separator
    h *= 1099511628211ull;
}

// The rows' "scene/model/task" for messages.
std::string keyText(const std::string& key) {
    std::string s = key;
    for (char& c : s)
        if (c == '\t') c = '/';
    return s;
}

} // namespace

ImportedScores readImportedScores(const std::vector<std::filesystem::path>& files,
                                  const std::map<std::string, ScoreDirection>& declared) {
    ImportedScores out;
    std::map<std::string, std::string> columnFile; // column -> file that gave it
    std::set<std::string> directionUsed;
    for (const auto& path : files) {
        const std::string subject = path.string();
        const std::string text = readFile(path);
        const auto records = parseCsvRecords(text, subject);
        if (records.empty()) throw Error(subject, "empty file (expected a header scene,model,task,<score>...)");
        const auto& header = records.front().fields;
        int sceneCol = -1, modelCol = -1, taskCol = -1;
        for (std::size_t i = 0; i < header.size(); ++i) {
            const std::string h = trimmed(header[i]);
            if (h == "scene") sceneCol = int(i);
            else if (h == "model") modelCol = int(i);
            else if (h == "task") taskCol = int(i);
        }
        if (sceneCol < 0 || modelCol < 0 || taskCol < 0)
            throw Error(subject, "needs the columns scene, model and task (found: " +
                                     [&] { std::string s; for (const auto& h : header) s += (s.empty() ? "" : ", ") + h; return s; }() + ")");
        const auto sidecar = loadColumnSidecar(path);
        struct Col { std::size_t index; std::string name; };
        std::vector<Col> cols;
        for (std::size_t i = 0; i < header.size(); ++i) {
            if (int(i) == sceneCol || int(i) == modelCol || int(i) == taskCol) continue;
            const std::string name = trimmed(header[i]);
            const ColumnDeclaration* d = sidecar ? sidecar->find(name) : nullptr;
            if (d && d->role != ColumnRole::Score) continue; // declared as something else: not imported
            if (!validName(name))
                throw Error(subject, "column '" + name + "': a score name uses only letters, digits, '_' and '-'");
            if (auto it = columnFile.find(name); it != columnFile.end())
                throw Error(subject, "column '" + name + "' is also given by " + it->second);
            std::optional<ScoreDirection> better;
            if (d) better = d->better;
            if (auto it = declared.find(name); it != declared.end()) { // the command line wins, as in validate
                better = it->second;
                directionUsed.insert(name);
            }
            if (!better)
                throw Error(subject, "column '" + name + "' has no declared direction: pass --lower " + name + " or --higher " + name +
                                         " (or declare it in " + columnSidecarPath(path).filename().string() + ")");
            columnFile[name] = subject;
            out.columns.push_back({name, *better, path.filename().string()});
            cols.push_back({i, name});
        }
        if (cols.empty()) throw Error(subject, "has no score column besides scene, model and task");
        std::set<std::string> seen;
        for (std::size_t r = 1; r < records.size(); ++r) {
            const auto& f = records[r].fields;
            const std::string where = "line " + std::to_string(records[r].line);
            if (f.size() != header.size())
                throw Error(subject, where + ": " + std::to_string(f.size()) + " fields, the header has " + std::to_string(header.size()));
            const std::string scene = trimmed(f[std::size_t(sceneCol)]), model = trimmed(f[std::size_t(modelCol)]);
            if (scene.empty() || model.empty()) throw Error(subject, where + ": empty scene or model");
            Task task;
            try {
                task = parseTask(trimmed(f[std::size_t(taskCol)]));
            } catch (const Error& e) {
                throw Error(subject, where + ": " + e.problem());
            }
            const std::string key = rowKey(scene, model, task);
            if (!seen.insert(key).second) throw Error(subject, where + ": " + keyText(key) + " is listed twice");
            for (const auto& c : cols) {
                const std::string cell = trimmed(f[c.index]);
                if (cell.empty()) continue;
                double v = 0;
                const auto res = std::from_chars(cell.data(), cell.data() + cell.size(), v);
                if (res.ec != std::errc() || res.ptr != cell.data() + cell.size())
                    throw Error(subject, where + ": column '" + c.name + "': not a number: '" + cell + "'");
                if (!std::isfinite(v))
                    throw Error(subject, where + ": column '" + c.name + "': " + cell + " (leave the cell empty for a missing value)");
                out.values[key][c.name] = v;
            }
        }
    }
    for (const auto& [name, better] : declared)
        if (!directionUsed.count(name) && !columnFile.count(name))
            throw Error("--" + std::string(betterName(better)), "no imported file has a column '" + name + "'");

    std::uint64_t h = 1469598103934665603ull;
    for (const auto& c : out.columns) {
        fnv(h, c.name);
        fnv(h, betterName(c.better));
    }
    for (const auto& [key, vals] : out.values)
        for (const auto& [name, v] : vals) {
            fnv(h, key);
            fnv(h, name);
            fnv(h, formatExact(v));
        }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    out.digest = out.columns.empty() ? std::string() : std::string(buf);
    return out;
}

std::vector<std::string> attachImportedScores(std::vector<ScoreRow>& rows, const ImportedScores& scores) {
    std::set<std::string> matched;
    for (auto& r : rows) {
        r.imported.clear();
        const auto it = scores.values.find(rowKey(r));
        if (it == scores.values.end()) continue;
        r.imported = it->second;
        matched.insert(it->first);
    }
    std::vector<std::string> unmatched;
    for (const auto& [key, vals] : scores.values)
        if (!matched.count(key)) unmatched.push_back(keyText(key));
    return unmatched;
}

std::string unmatchedImportWarning(const std::vector<std::string>& unmatched) {
    if (unmatched.empty()) return {};
    return std::to_string(unmatched.size()) + " imported score row(s) match no edit of the run and are ignored (first: " +
           unmatched.front() + ")";
}

std::optional<double> importedScore(const ScoreRow& row, const std::string& name) {
    if (row.failed()) return std::nullopt;
    const auto it = row.imported.find(name);
    if (it == row.imported.end()) return std::nullopt;
    return it->second;
}

} // namespace ll::bench
