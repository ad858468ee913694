#pragma once
// Human judgements as read from CSV: A/B choices between two edits of the same scene and task, and
// absolute ratings (1-5) of single edits. Bad rows are reported one line each and skipped; the
// rest is loaded. Structural problems (missing file, missing required column, broken quoting) throw.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll::stats {

// A/B file columns (header names, any order, case-insensitive; extra columns are ignored):
//   rater, scene, task, model_a, model_b, choice   required
//   tags                                           optional, ';' separated
//   expected                                       optional; non-empty marks an attention check whose
//                                                  correct answer is A, B or tie
// choice: A | B | tie, also a | b | = | 0.5 (case-insensitive).
struct ABJudgement {
    std::string rater, scene, task, modelA, modelB;
    double outcome = 0.5;            // 1: A preferred, 0: B preferred, 0.5: tie
    std::vector<std::string> tags;
    std::optional<double> expected;  // attention check: the correct outcome
    std::size_t line = 0;
};

// Ratings file columns: rater, score (1-5) and either item or scene+model+task (or all four);
// optional expected (attention check: the score a careful rater gives).
struct Rating {
    std::string rater, item, scene, model, task;
    double score = 0;
    std::optional<double> expected;
    std::size_t line = 0;
};

struct LoadProblems {
    std::vector<std::string> lines; // "file:line: problem"
    bool empty() const { return lines.empty(); }
};

struct ABFile {
    std::vector<ABJudgement> judgements;
    LoadProblems problems;
};

struct RatingsFile {
    std::vector<Rating> ratings;
    LoadProblems problems;
};

// 1, 0 or 0.5; nullopt for anything else.
std::optional<double> parseChoice(std::string_view text);
// "A", "B" or "tie".
const char* choiceName(double outcome);
// "on"/"turn_on" -> "on", "off"/"turn_off" -> "off", others unchanged (trimmed).
std::string normaliseTask(std::string_view task);

ABFile parseABJudgements(std::string_view csvText, const std::string& source);
ABFile loadABJudgements(const std::filesystem::path& path);
RatingsFile parseRatings(std::string_view csvText, const std::string& source);
RatingsFile loadRatings(const std::filesystem::path& path);

} // namespace ll::stats
