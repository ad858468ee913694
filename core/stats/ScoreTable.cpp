#include "stats/ScoreTable.h"

#include "stats/Csv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <set>

namespace ll::stats {

std::string ScoreTable::editKey(std::string_view scene, std::string_view model, std::string_view task) {
    return trimmed(scene) + '\x1f' + trimmed(model) + '\x1f' + normaliseTask(task);
}

double ScoreTable::value(const std::string& key, std::size_t metric) const {
    auto it = rows_.find(key);
    if (it == rows_.end() || metric >= it->second.size()) return std::numeric_limits<double>::quiet_NaN();
    return it->second[metric];
}

std::size_t ScoreTable::metricIndex(std::string_view name) const {
    const std::string want = lowered(trimmed(name));
    for (std::size_t i = 0; i < metrics.size(); ++i)
        if (lowered(metrics[i]) == want) return i;
    if (const std::string role = nonScoreRole(name); !role.empty())
        throw Error(source, "column '" + std::string(name) + "' is declared as a " + role + " column, not a score (" +
                                declarationSource + ")");
    std::string have;
    for (const auto& m : metrics) have += (have.empty() ? "" : ", ") + m;
    throw Error(source, "no score column '" + std::string(name) + "' (numeric columns: " + have + ")");
}

void ScoreTable::setEdit(const std::string& scene, const std::string& model, const std::string& task,
                         std::vector<double> values) {
    const std::string key = editKey(scene, model, task);
    if (!rows_.count(key)) edits_.push_back({trimmed(scene), trimmed(model), normaliseTask(task), key});
    rows_[key] = std::move(values);
}

std::optional<ScoreDirection> ScoreTable::direction(std::string_view metric) const {
    const auto it = directions_.find(lowered(trimmed(metric)));
    if (it == directions_.end()) return std::nullopt;
    return it->second;
}

void ScoreTable::declare(const std::string& metric, ScoreDirection better) { directions_[lowered(trimmed(metric))] = better; }

std::string ScoreTable::nonScoreRole(std::string_view column) const {
    const auto it = nonScore_.find(lowered(trimmed(column)));
    return it == nonScore_.end() ? std::string() : it->second;
}

void ScoreTable::applyDeclaration(const ColumnSidecar& sidecar, const std::string& sidecarSource) {
    declarationSource = sidecarSource;
    taskGroups = sidecar.taskGroups;
    defaultMetrics = sidecar.defaultMetrics;
    for (const auto& c : sidecar.columns) {
        if (c.role == ColumnRole::Score) declare(c.name, *c.better);
        else nonScore_[lowered(trimmed(c.name))] = columnRoleName(c.role);
    }
}

namespace {

enum class Cell { Missing, Number, Text };

Cell classify(const std::string& s, double& v) {
    const std::string l = lowered(s);
    if (l.empty() || l == "null" || l == "nan" || l == "na" || l == "none") return Cell::Missing;
    char* end = nullptr;
    v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return Cell::Text;
    if (!std::isfinite(v)) return Cell::Missing;
    return Cell::Number;
}

} // namespace

ScoreTable parseScoreTable(std::string_view csvText, const std::string& source, LoadProblems* problems,
                           const ColumnSidecar* declaration, const std::string& declarationSource) {
    const CsvTable t = parseCsv(csvText, source);
    ScoreTable table;
    table.source = source;
    if (declaration) table.applyDeclaration(*declaration, declarationSource);
    const auto cScene = t.column("scene");
    const auto cModel = t.column("model");
    const auto cTask = t.column("task");
    const auto cItem = t.column("item");
    const bool byEdit = cScene && cModel && cTask;
    if (!byEdit && !cItem) throw Error(source, "missing columns 'scene', 'model' and 'task' (or 'item') in the header");

    const std::set<std::size_t> keyCols = [&] {
        std::set<std::size_t> k;
        for (auto c : {cScene, cModel, cTask, cItem})
            if (c) k.insert(*c);
        return k;
    }();
    // A column is numeric when most of its non-missing cells are numbers (a stray word in one row is
    // a bad value, not a text column). A column declared as a score is one whatever its cells hold;
    // a column declared as anything else never is.
    std::vector<std::size_t> numericCols;
    for (std::size_t c = 0; c < t.header.size(); ++c) {
        if (keyCols.count(c)) continue;
        const std::string name = trimmed(t.header[c]);
        if (!table.nonScoreRole(name).empty()) continue;
        std::size_t num = 0, text = 0;
        for (const auto& row : t.rows) {
            double v;
            if (c >= row.fields.size()) continue;
            const Cell k = classify(trimmed(row.fields[c]), v);
            if (k == Cell::Number) ++num;
            else if (k == Cell::Text) ++text;
        }
        const bool declaredScore = declaration && declaration->find(name) != nullptr;
        if (declaredScore || (num > 0 && num >= 4 * text)) numericCols.push_back(c);
    }
    for (auto c : numericCols) table.metrics.push_back(trimmed(t.header[c]));
    if (table.metrics.empty()) throw Error(source, "no numeric score column");

    std::set<std::string> items;
    for (const auto& row : t.rows) {
        const auto field = [&](std::optional<std::size_t> c) {
            return c && *c < row.fields.size() ? trimmed(row.fields[*c]) : std::string();
        };
        const std::string where = source + ":" + std::to_string(row.line) + ": ";
        const std::string scene = field(cScene), model = field(cModel), task = field(cTask), item = field(cItem);
        if (byEdit && (scene.empty() || model.empty() || task.empty())) {
            if (problems) problems->lines.push_back(where + "empty scene, model or task");
            continue;
        }
        if (!byEdit && item.empty()) {
            if (problems) problems->lines.push_back(where + "empty item");
            continue;
        }
        if (byEdit && table.hasKey(ScoreTable::editKey(scene, model, task)))
            throw Error(source, "line " + std::to_string(row.line) + ": duplicate row for the same edit");
        if (!item.empty() && !items.insert(item).second)
            throw Error(source, "line " + std::to_string(row.line) + ": duplicate row for item '" + item + "'");
        std::vector<double> values;
        for (std::size_t m = 0; m < numericCols.size(); ++m) {
            double v = std::numeric_limits<double>::quiet_NaN();
            const std::string cell = field(numericCols[m]);
            if (classify(cell, v) != Cell::Number) {
                if (classify(cell, v) == Cell::Text && problems)
                    problems->lines.push_back(where + table.metrics[m] + " '" + cell + "' is not a number");
                v = std::numeric_limits<double>::quiet_NaN();
            }
            values.push_back(v);
        }
        if (!item.empty()) table.set(item, values);
        if (byEdit) table.setEdit(scene, model, task, std::move(values));
    }
    return table;
}

ScoreTable loadScoreTable(const std::filesystem::path& path, LoadProblems* problems) {
    const std::optional<ColumnSidecar> declaration = loadColumnSidecar(path);
    return parseScoreTable(readFile(path), path.string(), problems, declaration ? &*declaration : nullptr,
                           columnSidecarPath(path).string());
}

} // namespace ll::stats
