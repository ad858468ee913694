#include "stats/ScoreTable.h"

#include "stats/Csv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cstdlib>
#include <limits>
#include <set>

namespace ll::stats {

bool higherIsBetter(std::string_view metric) {
    const std::string m = lowered(trimmed(metric));
    static const std::set<std::string> higher = {"psnr", "ssim", "ms_ssim", "ms-ssim", "valid_fraction"};
    if (higher.count(m)) return true;
    const std::string suffix = "_higher";
    return m.size() > suffix.size() && m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0;
}

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
    std::string have;
    for (const auto& m : metrics) have += (have.empty() ? "" : ", ") + m;
    throw Error(source, "no score column '" + std::string(name) + "' (numeric columns: " + have + ")");
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

ScoreTable parseScoreTable(std::string_view csvText, const std::string& source, LoadProblems* problems) {
    const CsvTable t = parseCsv(csvText, source);
    ScoreTable table;
    table.source = source;
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
    // a bad value, not a text column).
    std::vector<std::size_t> numericCols;
    for (std::size_t c = 0; c < t.header.size(); ++c) {
        if (keyCols.count(c)) continue;
        std::size_t num = 0, text = 0;
        for (const auto& row : t.rows) {
            double v;
            if (c >= row.fields.size()) continue;
            const Cell k = classify(trimmed(row.fields[c]), v);
            if (k == Cell::Number) ++num;
            else if (k == Cell::Text) ++text;
        }
        if (num > 0 && num >= 4 * text) numericCols.push_back(c);
    }
    for (auto c : numericCols) table.metrics.push_back(trimmed(t.header[c]));
    if (table.metrics.empty()) throw Error(source, "no numeric score column");

    for (const auto& row : t.rows) {
        const auto field = [&](std::optional<std::size_t> c) {
            return c && *c < row.fields.size() ? trimmed(row.fields[*c]) : std::string();
        };
        const std::string where = source + ":" + std::to_string(row.line) + ": ";
        std::string key;
        if (byEdit) {
            const std::string scene = field(cScene), model = field(cModel), task = field(cTask);
            if (scene.empty() || model.empty() || task.empty()) {
                if (problems) problems->lines.push_back(where + "empty scene, model or task");
                continue;
            }
            key = ScoreTable::editKey(scene, model, task);
        } else {
            key = field(cItem);
            if (key.empty()) {
                if (problems) problems->lines.push_back(where + "empty item");
                continue;
            }
        }
        if (table.hasKey(key)) throw Error(source, "line " + std::to_string(row.line) + ": duplicate row for the same edit");
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
        table.set(key, std::move(values));
    }
    return table;
}

ScoreTable loadScoreTable(const std::filesystem::path& path, LoadProblems* problems) {
    return parseScoreTable(readFile(path), path.string(), problems);
}

} // namespace ll::stats
