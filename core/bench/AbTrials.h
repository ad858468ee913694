#pragma once
// A/B trials of an evaluator (a VLM or a person) shown the real image and a model's edit of the same
// scene: which has the more realistic lighting (paper Table 2). The trials come in as a CSV:
//
//   evaluator,scene,model,task,choice
//   Gemini 3.1 Pro,kitchen,flux,on,real
//   Gemini 3.1 Pro,kitchen,qwen,on,generated
//
// `task` is optional (default on); `choice` is real or generated, and tie, none or an empty cell for a
// trial without a decision (counted, not used). Other columns (a trial id, the side the real image was
// shown on, the evaluator's text) are ignored. The table gives, per evaluator (and task) and model,
// the share of decided trials that preferred the real image with a binomial confidence interval
// (stats/BinomialInterval.h); below 50% the evaluator prefers the model's edit to the photograph.
// Models are the columns, in the benchmark's ranking (left is best).
#include "bench/Table.h"
#include "stats/BinomialInterval.h"
#include "util/Task.h"

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace ll::bench {

struct AbCounts {
    long long real = 0, generated = 0, undecided = 0;
    long long decided() const { return real + generated; }
};

struct AbTrials {
    std::vector<std::string> evaluators; // in the order of their first trial
    std::vector<std::string> models;     // sorted by name
    std::vector<Task> tasks;             // on before off
    std::map<std::tuple<std::string, Task, std::string>, AbCounts> counts; // (evaluator, task, model)
    std::size_t trials = 0;
};

// Throws ll::Error naming the file and line for a missing column, an unknown task or choice, or an
// empty evaluator, scene or model.
AbTrials parseAbTrials(const std::string& csvText, const std::string& subject);
AbTrials readAbTrials(const std::filesystem::path& path);

struct AbTableOptions {
    double level = 0.95;
    stats::BinomialIntervalMethod method = stats::BinomialIntervalMethod::Exact;
    std::string source; // the trials file's name, for the notes
};

// Table "vlm_ab": a row per evaluator (and task when the trials have both), a column per model.
// `ranking` orders the columns (the benchmark's ranked models); models of the trials it does not list
// follow by name, with a note. Ranked models without trials are left out, with a note.
Table abTrialsTable(const AbTrials& trials, const std::vector<std::string>& ranking, const AbTableOptions& options);

} // namespace ll::bench
