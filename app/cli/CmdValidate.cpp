// lightlens-cli validate: how well metric scores agree with human judgements (A/B choices and/or
// 1-5 ratings): agreement by separation, correlations, partial correlations, Bradley-Terry
// strengths and ranking agreement, reliability and rater screening, with cluster bootstrap intervals.
#include "cli/Commands.h"

#include "stats/ItemScores.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"
#include "stats/ScreenAndValidate.h"
#include "stats/StudyData.h"
#include "stats/Validation.h"
#include "stats/ValidationReport.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <ostream>
#include <set>

namespace ll::cli {

namespace {

namespace fs = std::filesystem;
using namespace ll::stats;

void reportProblems(const LoadProblems& p, Io& io) {
    const std::size_t shown = std::min<std::size_t>(p.lines.size(), 20);
    for (std::size_t i = 0; i < shown; ++i) io.err << "warning: " << p.lines[i] << " (row skipped)\n";
    if (p.lines.size() > shown) io.err << "warning: " << p.lines.size() - shown << " more bad rows skipped\n";
}

std::string allTables(const ValidationResult& r) {
    std::string s;
    for (const auto& t : validationTables(r)) s += t.table.markdown() + "\n";
    return s;
}

} // namespace

Command makeValidateCommand() {
    CommandSpec spec{
        "validate",
        "",
        "validate metric scores against human A/B judgements and/or ratings (agreement, correlations, "
        "Bradley-Terry, reliability) with cluster bootstrap intervals",
        {{"judgements", "FILE", "A/B judgements CSV: rater,scene,task,model_a,model_b,choice[,tags][,expected]"},
         {"ratings", "FILE", "ratings CSV: rater,item|scene+model+task,score (1-5)[,expected]"},
         {"scores", "FILE", "per-edit scores: bench's per_image.csv, edit-bench's per_task.csv or "
                            "scene,model,task[,item],<score>... (required)"},
         {"metrics", "LIST", "score columns to validate (default: those the file's column declaration names, "
                             "else the --higher/--lower columns)"},
         {"higher", "LIST", "these score columns are better when higher (overrides the column declaration)"},
         {"lower", "LIST", "these score columns are better when lower (overrides the column declaration)"},
         {"task-groups", "yes|no", "also analyse each task on its own (default: the column declaration, else yes)"},
         {"min-model-judgements", "N", "ranking: models with fewer judgements stay out (default 10, as MatReplace)"},
         {"draws", "N", "bootstrap draws (default 10000)"},
         {"seed", "S", "seed of the bootstrap and the split halves (default 1)"},
         {"splits", "N", "random rater splits for split-half reliability (default 10000)"},
         {"level", "L", "interval coverage (default 0.95)"},
         {"min-rater-r", "R", "screening: drop raters whose leave-one-out r is below R (e.g. 0.2481, 0.3236); "
                              "without it raters below 0.2 are only flagged"},
         {"max-sd-below", "K", "screening: flag raters more than K SD below the mean r (default 2)"},
         {"max-check-fail", "F", "screening: flag raters failing more than this share of checks (default 0.25)"},
         {"exclude-flagged", "", "leave flagged raters out of the analysis (they are always listed)"},
         {"bt-prior", "P", "Bradley-Terry virtual tied comparisons per model (default 1)"},
         {"out", "DIR", "write tables (.md .csv .tex), plots/*.csv and summary.json here"},
         {"json", "", "print the JSON summary instead of the tables"}},
        0,
        0,
        "Scores are oriented so that higher means better, by the direction each column declares in the "
        "<scores stem>.columns.json that bench and edit-bench write beside their CSV, or by --higher/--lower; a "
        "score column with neither is an error. Non-score columns (keys, counts, flags) are never metrics. See "
        "docs/human-validation.md for every statistic."};
    return {spec, [](const ParsedArgs& args, Io& io) {
                if (!args.has("judgements") && !args.has("ratings"))
                    throw UsageError("give --judgements FILE and/or --ratings FILE");
                const std::string scorePath = args.required("scores");
                ValidationOptions o;
                const long long draws = args.integer("draws", 10000);
                const long long splits = args.integer("splits", 10000);
                if (draws < 0 || draws > 10'000'000) throw UsageError("--draws must be between 0 and 10000000");
                if (splits < 0 || splits > 10'000'000) throw UsageError("--splits must be between 0 and 10000000");
                o.draws = int(draws);
                o.splits = int(splits);
                const long long seed = args.integer("seed", 1);
                if (seed < 0) throw UsageError("--seed must be a non-negative integer");
                o.seed = std::uint64_t(seed);
                o.level = args.number("level", 0.95);
                if (!(o.level > 0 && o.level < 1)) throw UsageError("--level must be between 0 and 1");
                o.btPrior = args.number("bt-prior", 1.0);
                if (!(o.btPrior >= 0)) throw UsageError("--bt-prior must be >= 0");
                o.screening.minCorrelation = args.number("min-rater-r", 0.2);
                o.screening.dropBelowMinCorrelation = args.has("min-rater-r");
                if (!(o.screening.minCorrelation >= -1 && o.screening.minCorrelation <= 1))
                    throw UsageError("--min-rater-r must be between -1 and 1");
                const long long minJudgements = args.integer("min-model-judgements", 10);
                if (minJudgements < 0 || minJudgements > 1'000'000'000)
                    throw UsageError("--min-model-judgements must be a non-negative integer");
                o.minModelJudgements = int(minJudgements);
                o.screening.maxSdBelowMean = args.number("max-sd-below", 2.0);
                o.screening.maxCheckFailureRate = args.number("max-check-fail", 0.25);

                LoadProblems scoreProblems;
                ScoreTable scores = loadScoreTable(scorePath, &scoreProblems);
                reportProblems(scoreProblems, io);
                const std::vector<std::string> higher = args.list("higher"), lower = args.list("lower");
                for (const auto& h : higher)
                    if (std::find(lower.begin(), lower.end(), h) != lower.end())
                        throw UsageError("column '" + h + "' is given both --higher and --lower");
                std::vector<std::string> warnings;
                const std::vector<std::string> requested =
                    declareDirections(scores, higher, lower, args.list("metrics"), &warnings);
                for (const auto& w : warnings) io.err << "warning: " << w << "\n";
                const std::vector<std::string> metrics = validationMetrics(scores, requested);
                o.taskGroups = scores.taskGroups;
                if (args.has("task-groups")) {
                    const std::string v = args.string("task-groups");
                    if (v != "yes" && v != "no") throw UsageError("--task-groups expects yes or no");
                    o.taskGroups = v == "yes";
                }

                std::vector<std::pair<std::string, ValidationResult>> results;
                if (args.has("judgements")) {
                    const ABFile f = loadABJudgements(args.required("judgements"));
                    reportProblems(f.problems, io);
                    if (f.judgements.empty()) throw Error(args.required("judgements"), "no valid judgement rows");
                    results.push_back({"ab", screenAndValidate(studyFromAB(f.judgements), scores, metrics, o,
                                                               args.flag("exclude-flagged"))});
                }
                if (args.has("ratings")) {
                    const RatingsFile f = loadRatings(args.required("ratings"));
                    reportProblems(f.problems, io);
                    if (f.ratings.empty()) throw Error(args.required("ratings"), "no valid rating rows");
                    results.push_back({"ratings", screenAndValidate(studyFromRatings(f.ratings), scores, metrics, o,
                                                                    args.flag("exclude-flagged"))});
                }

                nlohmann::json summary;
                if (results.size() == 1) summary = validationSummary(results[0].second);
                else
                    for (const auto& [name, r] : results) summary[name] = validationSummary(r);

                if (args.has("out")) {
                    const fs::path out = args.required("out");
                    for (const auto& [name, r] : results) {
                        const fs::path dir = results.size() == 1 ? out : out / name;
                        writeValidationReport(r, dir);
                    }
                    if (results.size() > 1) writeFileAtomic(out / "summary.json", summary.dump(2) + "\n");
                }
                if (args.flag("json")) {
                    io.out << summary.dump(2) << "\n";
                } else {
                    for (const auto& [name, r] : results) {
                        if (results.size() > 1) io.out << "## " << (name == "ab" ? "A/B judgements" : "Ratings") << "\n\n";
                        io.out << allTables(r);
                    }
                }
                if (args.has("out")) io.err << "wrote " << args.required("out") << "\n";
                return 0;
            }};
}

} // namespace ll::cli
