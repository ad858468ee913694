#include "stats/Judgements.h"

#include "stats/Csv.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <cmath>
#include <cstdlib>

namespace ll::stats {

std::optional<double> parseChoice(std::string_view text) {
    const std::string c = lowered(trimmed(text));
    if (c == "a") return 1.0;
    if (c == "b") return 0.0;
    if (c == "tie" || c == "=" || c == "0.5") return 0.5;
    return std::nullopt;
}

const char* choiceName(double outcome) {
    if (outcome >= 0.75) return "A";
    if (outcome <= 0.25) return "B";
    return "tie";
}

std::string normaliseTask(std::string_view task) {
    const std::string t = trimmed(task);
    const std::string l = lowered(t);
    if (l == "on" || l == "turn_on") return "on";
    if (l == "off" || l == "turn_off") return "off";
    return t;
}

namespace {

std::vector<std::string> splitTags(const std::string& s) {
    std::vector<std::string> out;
    std::size_t b = 0;
    while (b <= s.size()) {
        std::size_t e = s.find(';', b);
        if (e == std::string::npos) e = s.size();
        std::string t = trimmed(std::string_view(s).substr(b, e - b));
        if (!t.empty()) out.push_back(t);
        b = e + 1;
    }
    return out;
}

std::size_t requireColumn(const CsvTable& t, std::initializer_list<std::string_view> names) {
    if (auto c = t.column(names)) return *c;
    throw Error(t.source, "missing column '" + std::string(*names.begin()) + "' in the header");
}

struct RowReader {
    const CsvTable& table;
    const CsvRow& row;
    LoadProblems& problems;
    bool ok = true;

    std::string field(std::optional<std::size_t> col) const {
        if (!col || *col >= row.fields.size()) return {};
        return trimmed(row.fields[*col]);
    }
    void fail(const std::string& problem) {
        if (ok) problems.lines.push_back(table.source + ":" + std::to_string(row.line) + ": " + problem);
        ok = false;
    }
    std::string required(std::size_t col, const char* name) {
        std::string v = field(col);
        if (ok && v.empty()) fail(std::string("empty ") + name);
        return v;
    }
    void checkWidth() {
        if (row.fields.size() != table.header.size())
            fail("has " + std::to_string(row.fields.size()) + " fields, the header has " +
                 std::to_string(table.header.size()));
    }
};

} // namespace

ABFile parseABJudgements(std::string_view csvText, const std::string& source) {
    const CsvTable t = parseCsv(csvText, source);
    const std::size_t cRater = requireColumn(t, {"rater", "rater_id", "participant"});
    const std::size_t cScene = requireColumn(t, {"scene"});
    const std::size_t cTask = requireColumn(t, {"task"});
    const std::size_t cA = requireColumn(t, {"model_a", "a"});
    const std::size_t cB = requireColumn(t, {"model_b", "b"});
    const std::size_t cChoice = requireColumn(t, {"choice", "answer"});
    const auto cTags = t.column({"tags", "tag"});
    const auto cExpected = t.column({"expected", "check"});

    ABFile out;
    for (const CsvRow& row : t.rows) {
        RowReader r{t, row, out.problems};
        r.checkWidth();
        ABJudgement j;
        j.line = row.line;
        j.rater = r.required(cRater, "rater");
        j.scene = r.required(cScene, "scene");
        j.task = normaliseTask(r.required(cTask, "task"));
        j.modelA = r.required(cA, "model_a");
        j.modelB = r.required(cB, "model_b");
        const std::string choice = r.field(cChoice);
        if (auto c = parseChoice(choice)) j.outcome = *c;
        else r.fail("choice '" + choice + "' is not A, B or tie");
        j.tags = splitTags(r.field(cTags));
        const std::string expected = r.field(cExpected);
        if (!expected.empty()) {
            if (auto e = parseChoice(expected)) j.expected = *e;
            else r.fail("expected '" + expected + "' is not A, B or tie");
        }
        if (r.ok && !j.expected && j.modelA == j.modelB) r.fail("model_a and model_b are the same ('" + j.modelA + "')");
        if (r.ok) out.judgements.push_back(std::move(j));
    }
    return out;
}

ABFile loadABJudgements(const std::filesystem::path& path) {
    return parseABJudgements(readFile(path), path.string());
}

RatingsFile parseRatings(std::string_view csvText, const std::string& source) {
    const CsvTable t = parseCsv(csvText, source);
    const std::size_t cRater = requireColumn(t, {"rater", "rater_id", "participant"});
    const std::size_t cScore = requireColumn(t, {"score", "rating"});
    const auto cItem = t.column({"item"});
    const auto cScene = t.column({"scene"});
    const auto cModel = t.column({"model"});
    const auto cTask = t.column({"task"});
    const auto cExpected = t.column({"expected", "check"});
    const bool hasEdit = cScene && cModel && cTask;
    if (!cItem && !hasEdit) throw Error(source, "missing column 'item' (or 'scene', 'model' and 'task') in the header");

    RatingsFile out;
    for (const CsvRow& row : t.rows) {
        RowReader r{t, row, out.problems};
        r.checkWidth();
        Rating g;
        g.line = row.line;
        g.rater = r.required(cRater, "rater");
        if (hasEdit) {
            g.scene = r.required(*cScene, "scene");
            g.model = r.required(*cModel, "model");
            g.task = normaliseTask(r.required(*cTask, "task"));
        }
        g.item = cItem ? r.required(*cItem, "item") : g.scene + "/" + g.model + "/" + g.task;
        const auto parseScore = [&](const std::string& s, const char* what) -> std::optional<double> {
            char* end = nullptr;
            const double v = std::strtod(s.c_str(), &end);
            if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) {
                r.fail(std::string(what) + " '" + s + "' is not a number");
                return std::nullopt;
            }
            if (v < 1 || v > 5) {
                r.fail(std::string(what) + " " + s + " is outside 1-5");
                return std::nullopt;
            }
            return v;
        };
        if (auto v = parseScore(r.field(cScore), "score")) g.score = *v;
        const std::string expected = r.field(cExpected);
        if (!expected.empty())
            if (auto v = parseScore(expected, "expected")) g.expected = *v;
        if (r.ok) out.ratings.push_back(std::move(g));
    }
    return out;
}

RatingsFile loadRatings(const std::filesystem::path& path) {
    return parseRatings(readFile(path), path.string());
}

} // namespace ll::stats
