#include "bench/AbTrials.h"

#include "bench/NumberFormat.h"
#include "util/AtomicFile.h"
#include "util/Csv.h"
#include "util/Error.h"

#include <algorithm>
#include <set>

namespace ll::bench {

namespace {

std::string trimmed(const std::string& s) {
    const auto a = s.find_first_not_of(" \t");
    if (a == std::string::npos) return {};
    return s.substr(a, s.find_last_not_of(" \t") - a + 1);
}

std::string lowered(std::string s) {
    for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string levelText(double level) { return formatExact(level * 100) + "%"; }

} // namespace

AbTrials parseAbTrials(const std::string& text, const std::string& subject) {
    const auto records = parseCsvRecords(text, subject);
    if (records.empty()) throw Error(subject, "empty file (expected a header evaluator,scene,model,choice)");
    const auto& header = records.front().fields;
    std::map<std::string, std::size_t> col;
    for (std::size_t i = 0; i < header.size(); ++i) col[trimmed(header[i])] = i;
    for (const char* name : {"evaluator", "scene", "model", "choice"})
        if (!col.count(name)) throw Error(subject, std::string("needs a column '") + name + "' (evaluator, scene, model, choice; task optional)");
    const bool hasTask = col.count("task") > 0;
    AbTrials t;
    std::set<std::string> models;
    std::set<Task> tasks;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& f = records[r].fields;
        const std::string where = "line " + std::to_string(records[r].line);
        if (f.size() != header.size())
            throw Error(subject, where + ": " + std::to_string(f.size()) + " fields, the header has " + std::to_string(header.size()));
        const std::string evaluator = trimmed(f[col["evaluator"]]), scene = trimmed(f[col["scene"]]),
                          model = trimmed(f[col["model"]]), choice = lowered(trimmed(f[col["choice"]]));
        if (evaluator.empty() || scene.empty() || model.empty())
            throw Error(subject, where + ": empty evaluator, scene or model");
        Task task = Task::On;
        if (hasTask) {
            const std::string tt = trimmed(f[col["task"]]);
            try {
                if (!tt.empty()) task = parseTask(tt);
            } catch (const Error& e) {
                throw Error(subject, where + ": " + e.problem());
            }
        }
        AbCounts& c = t.counts[{evaluator, task, model}];
        if (choice == "real") ++c.real;
        else if (choice == "generated") ++c.generated;
        else if (choice.empty() || choice == "tie" || choice == "none") ++c.undecided;
        else throw Error(subject, where + ": choice '" + f[col["choice"]] + "' (expected real, generated, tie or none)");
        if (std::find(t.evaluators.begin(), t.evaluators.end(), evaluator) == t.evaluators.end())
            t.evaluators.push_back(evaluator);
        models.insert(model);
        tasks.insert(task);
        ++t.trials;
    }
    if (t.trials == 0) throw Error(subject, "has no trials");
    t.models.assign(models.begin(), models.end());
    t.tasks.assign(tasks.begin(), tasks.end());
    return t;
}

AbTrials readAbTrials(const std::filesystem::path& path) { return parseAbTrials(readFile(path), path.string()); }

Table abTrialsTable(const AbTrials& trials, const std::vector<std::string>& ranking, const AbTableOptions& o) {
    Table t;
    t.name = "vlm_ab";
    t.caption = "A/B test: share of trials in which the evaluator preferred the real image over the model's "
                "edit, with its " + levelText(o.level) + " confidence interval (" +
                (o.method == stats::BinomialIntervalMethod::Exact ? std::string("exact, Clopper-Pearson")
                                                                   : std::string("Wilson score")) +
                "). Below 50% the evaluator prefers the edit to the photograph; 50% is chance. Columns are "
                "ordered by the benchmark's ranking (left is best).";
    const bool byTask = trials.tasks.size() > 1;
    t.labelHeaders = byTask ? std::vector<std::string>{"Evaluator", "Task"} : std::vector<std::string>{"Evaluator"};

    std::vector<std::string> models, unranked, untried;
    const std::set<std::string> tried(trials.models.begin(), trials.models.end());
    for (const auto& m : ranking) {
        if (tried.count(m)) models.push_back(m);
        else untried.push_back(m);
    }
    for (const auto& m : trials.models)
        if (std::find(ranking.begin(), ranking.end(), m) == ranking.end()) {
            models.push_back(m);
            unranked.push_back(m);
        }
    for (const auto& m : models) {
        Column c = makeColumn(m, "", m, Better::None, 1, CellFormat::Share);
        c.hasInterval = true;
        t.columns.push_back(c);
    }
    long long minN = -1, maxN = 0, undecided = 0;
    for (const auto& evaluator : trials.evaluators)
        for (Task task : trials.tasks) {
            TableRow row;
            row.labels = {evaluator};
            if (byTask) row.labels.push_back(task == Task::On ? "turn-on" : "turn-off");
            bool any = false;
            for (const auto& m : models) {
                Cell cell;
                const auto it = trials.counts.find({evaluator, task, m});
                if (it != trials.counts.end()) {
                    const AbCounts& c = it->second;
                    undecided += c.undecided;
                    if (c.decided() > 0) {
                        any = true;
                        cell.value = double(c.real) / double(c.decided());
                        const auto ci = stats::binomialInterval(c.real, c.decided(), o.level, o.method);
                        cell.low = ci.low;
                        cell.high = ci.high;
                        minN = minN < 0 ? c.decided() : std::min(minN, c.decided());
                        maxN = std::max(maxN, c.decided());
                    }
                }
                row.cells.push_back(cell);
            }
            if (any || !byTask) t.rows.push_back(std::move(row));
        }
    if (minN >= 0)
        t.notes.push_back("Decided trials per cell: " + (minN == maxN ? std::to_string(minN) : std::to_string(minN) + " to " + std::to_string(maxN)) +
                          " (" + std::to_string(trials.trials) + " trials" + (o.source.empty() ? "" : " in " + o.source) +
                          (undecided ? ", " + std::to_string(undecided) + " without a decision left out" : "") + ").");
    auto list = [](const std::vector<std::string>& v) {
        std::string s;
        for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
        return s;
    };
    if (!unranked.empty()) t.notes.push_back("Not in the benchmark's ranking (listed last, by name): " + list(unranked) + ".");
    if (!untried.empty()) t.notes.push_back("Ranked models without trials: " + list(untried) + ".");
    return t;
}

} // namespace ll::bench
