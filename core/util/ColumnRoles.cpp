#include "util/ColumnRoles.h"

#include "util/AtomicFile.h"
#include "util/Csv.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

namespace ll {

namespace {

constexpr const char* kFormat = "lightlens-columns/1";

const std::pair<ColumnRole, const char*> kRoles[] = {
    {ColumnRole::Key, "key"},     {ColumnRole::Score, "score"},           {ColumnRole::Count, "count"},
    {ColumnRole::Flag, "flag"},   {ColumnRole::Uncertainty, "uncertainty"}, {ColumnRole::Text, "text"}};

} // namespace

const ColumnDeclaration* ColumnSidecar::find(std::string_view name) const {
    for (const auto& c : columns)
        if (c.name == name) return &c;
    return nullptr;
}

const char* columnRoleName(ColumnRole role) {
    for (const auto& [r, n] : kRoles)
        if (r == role) return n;
    return "text";
}

const char* betterName(ScoreDirection better) { return better == ScoreDirection::Higher ? "higher" : "lower"; }

std::filesystem::path columnSidecarPath(const std::filesystem::path& csv) {
    std::filesystem::path p = csv;
    p.replace_extension();
    return p.string() + ".columns.json";
}

std::vector<std::string> csvHeaderFields(std::string_view csvText, const std::string& subject) {
    const std::size_t eol = csvText.find('\n');
    const auto records = parseCsvRecords(csvText.substr(0, eol == std::string_view::npos ? csvText.size() : eol + 1), subject);
    if (records.empty()) throw Error(subject, "no header row");
    return records.front().fields;
}

ColumnSidecar declareColumns(const std::string& file, std::string_view csvText, bool taskGroups,
                             std::vector<std::string> defaultMetrics,
                             std::optional<ColumnDeclaration> (*roleOf)(const std::string& name)) {
    ColumnSidecar s;
    s.file = file;
    s.taskGroups = taskGroups;
    s.defaultMetrics = std::move(defaultMetrics);
    for (const auto& name : csvHeaderFields(csvText, file))
        if (auto d = roleOf(name)) {
            d->name = name;
            s.columns.push_back(std::move(*d));
        }
    return s;
}

std::string columnSidecarJson(const ColumnSidecar& s) {
    nlohmann::ordered_json j;
    j["format"] = kFormat;
    j["file"] = s.file;
    j["task_groups"] = s.taskGroups;
    j["default_metrics"] = s.defaultMetrics;
    nlohmann::ordered_json cols = nlohmann::ordered_json::array();
    for (const auto& c : s.columns) {
        nlohmann::ordered_json o;
        o["name"] = c.name;
        o["role"] = columnRoleName(c.role);
        if (c.better) o["better"] = betterName(*c.better);
        cols.push_back(std::move(o));
    }
    j["columns"] = std::move(cols);
    return j.dump(1) + "\n";
}

ColumnSidecar parseColumnSidecar(std::string_view text, const std::string& source) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw Error(source, std::string("malformed JSON: ") + e.what());
    }
    if (!j.is_object() || j.value("format", "") != kFormat)
        throw Error(source, std::string("not a column declaration (expected \"format\": \"") + kFormat + "\")");
    ColumnSidecar s;
    try {
        s.file = j.value("file", "");
        s.taskGroups = j.value("task_groups", true);
        if (j.contains("default_metrics")) s.defaultMetrics = j.at("default_metrics").get<std::vector<std::string>>();
        if (!j.contains("columns") || !j.at("columns").is_array()) throw Error(source, "no \"columns\" array");
        for (const auto& c : j.at("columns")) {
            ColumnDeclaration d;
            d.name = c.at("name").get<std::string>();
            const std::string role = c.at("role").get<std::string>();
            bool known = false;
            for (const auto& [r, n] : kRoles)
                if (role == n) d.role = r, known = true;
            if (!known) throw Error(source, "column '" + d.name + "': unknown role '" + role + "'");
            if (c.contains("better")) {
                const std::string b = c.at("better").get<std::string>();
                if (b == "higher") d.better = ScoreDirection::Higher;
                else if (b == "lower") d.better = ScoreDirection::Lower;
                else throw Error(source, "column '" + d.name + "': \"better\" must be \"higher\" or \"lower\", not '" + b + "'");
            }
            if (d.role == ColumnRole::Score && !d.better)
                throw Error(source, "score column '" + d.name + "' has no \"better\" (higher or lower)");
            if (s.find(d.name)) throw Error(source, "column '" + d.name + "' is declared twice");
            s.columns.push_back(std::move(d));
        }
    } catch (const nlohmann::json::exception& e) {
        throw Error(source, std::string("malformed column declaration: ") + e.what());
    }
    return s;
}

std::optional<ColumnSidecar> loadColumnSidecar(const std::filesystem::path& csv) {
    const std::filesystem::path p = columnSidecarPath(csv);
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) return std::nullopt;
    return parseColumnSidecar(readFile(p), p.string());
}

void writeColumnSidecar(const std::filesystem::path& csvPath, std::string_view csvText, bool taskGroups,
                        std::vector<std::string> defaultMetrics,
                        std::optional<ColumnDeclaration> (*roleOf)(const std::string& name)) {
    const ColumnSidecar s =
        declareColumns(csvPath.filename().string(), csvText, taskGroups, std::move(defaultMetrics), roleOf);
    writeFileAtomic(columnSidecarPath(csvPath), columnSidecarJson(s));
}

} // namespace ll
