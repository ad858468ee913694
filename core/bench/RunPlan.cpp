#include "bench/RunPlan.h"

#include "util/AtomicFile.h"
#include "util/Error.h"

namespace ll::bench {

nlohmann::ordered_json planToJson(const RunPlan& p) {
    nlohmann::ordered_json j;
    j["format"] = "lightlens-bench-run/1";
    j["dataset"] = p.datasetName;
    j["models"] = p.models;
    std::vector<std::string> tasks;
    for (Task t : p.tasks) tasks.push_back(taskName(t));
    j["tasks"] = tasks;
    j["best_percent"] = p.bestPercent;
    j["size"] = p.size ? nlohmann::ordered_json::array({p.size->first, p.size->second}) : nlohmann::ordered_json();
    auto sizes = nlohmann::ordered_json::object();
    for (const auto& [scene, s] : p.sceneSizes) sizes[scene] = nlohmann::ordered_json::array({s.first, s.second});
    j["scene_sizes"] = sizes;
    j["mixed_edit_sizes"] = p.mixedEditSizes;
    j["regime_percent"] = p.regimePercent;
    if (!p.groupBy.empty()) j["group_by"] = p.groupBy;
    j["uncertainty"] = p.uncertainty;
    j["draws"] = p.draws;
    if (!p.wbShifts.empty()) {
        auto shifts = nlohmann::ordered_json::array();
        for (const auto& w : p.wbShifts)
            shifts.push_back(nlohmann::ordered_json{{"name", w.name}, {"gain", w.gain}});
        j["wb_shifts"] = shifts;
    }
    if (!p.imported.empty()) {
        auto cols = nlohmann::ordered_json::array();
        for (const auto& c : p.imported)
            cols.push_back(nlohmann::ordered_json{{"name", c.name}, {"better", betterName(c.better)}, {"source", c.source}});
        j["imported_scores"] = cols;
        j["imported_digest"] = p.importedDigest;
    }
    j["seed"] = p.seed;
    j["scenes"] = p.scenes;
    j["work_items"] = p.workItems;
    j["shard"] = shardText(p.shard);
    j["shard_items"] = p.shardItems;
    auto probs = nlohmann::ordered_json::array();
    for (const auto& pr : p.datasetProblems)
        probs.push_back(nlohmann::ordered_json{{"kind", pr.kind}, {"path", pr.path}, {"message", pr.message}});
    j["dataset_problems"] = probs;
    return j;
}

RunPlan planFromJson(const nlohmann::json& j, const std::string& subject) {
    try {
        if (j.at("format").get<std::string>() != "lightlens-bench-run/1")
            throw Error(subject, "unknown format '" + j.at("format").get<std::string>() + "'");
        RunPlan p;
        p.datasetName = j.at("dataset").get<std::string>();
        p.models = j.at("models").get<std::vector<std::string>>();
        for (const auto& t : j.at("tasks")) p.tasks.push_back(parseTask(t.get<std::string>()));
        p.bestPercent = j.at("best_percent").get<double>();
        if (!j.at("size").is_null()) p.size = std::make_pair(j["size"].at(0).get<int>(), j["size"].at(1).get<int>());
        if (j.contains("scene_sizes"))
            for (const auto& [scene, s] : j["scene_sizes"].items())
                p.sceneSizes[scene] = std::make_pair(s.at(0).get<int>(), s.at(1).get<int>());
        if (j.contains("mixed_edit_sizes")) p.mixedEditSizes = j["mixed_edit_sizes"].get<std::vector<std::string>>();
        if (j.contains("regime_percent")) p.regimePercent = j["regime_percent"].get<double>();
        if (j.contains("group_by")) p.groupBy = j["group_by"].get<std::vector<std::string>>();
        p.uncertainty = j.at("uncertainty").get<bool>();
        p.draws = j.at("draws").get<int>();
        if (j.contains("wb_shifts"))
            for (const auto& w : j["wb_shifts"])
                p.wbShifts.push_back({w.at("name").get<std::string>(), w.at("gain").get<std::array<float, 3>>()});
        if (j.contains("imported_scores")) {
            for (const auto& c : j["imported_scores"]) {
                const std::string better = c.at("better").get<std::string>();
                if (better != "higher" && better != "lower")
                    throw Error(subject, "imported score '" + c.at("name").get<std::string>() + "': better must be higher or lower");
                p.imported.push_back({c.at("name").get<std::string>(),
                                      better == "higher" ? ScoreDirection::Higher : ScoreDirection::Lower,
                                      c.at("source").get<std::string>()});
            }
            p.importedDigest = j.value("imported_digest", "");
        }
        p.seed = j.at("seed").get<std::uint64_t>();
        p.scenes = j.at("scenes").get<std::size_t>();
        p.workItems = j.at("work_items").get<std::size_t>();
        p.shard = parseShard(j.at("shard").get<std::string>());
        p.shardItems = j.at("shard_items").get<std::size_t>();
        for (const auto& pr : j.at("dataset_problems"))
            p.datasetProblems.push_back({pr.at("kind").get<std::string>(), pr.at("path").get<std::string>(),
                                         pr.at("message").get<std::string>()});
        return p;
    } catch (const Error& e) {
        throw Error(subject, e.what());
    } catch (const std::exception& e) {
        throw Error(subject, std::string("not a benchmark run file: ") + e.what());
    }
}

RunPlan readPlan(const std::filesystem::path& path) {
    const std::string text = readFile(path);
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
        throw Error(path.string(), std::string("malformed JSON: ") + e.what());
    }
    return planFromJson(j, path.string());
}

RunPlan unsharded(RunPlan plan) {
    plan.shard = Shard{};
    plan.shardItems = plan.workItems;
    return plan;
}

std::string planDifferences(const RunPlan& a, const RunPlan& b, bool ignoreShard, bool forResume) {
    std::string d;
    auto add = [&](const char* what, bool differs) {
        if (differs) d += (d.empty() ? "" : ", ") + std::string(what);
    };
    add("dataset name", a.datasetName != b.datasetName);
    add("models", a.models != b.models);
    add("tasks", a.tasks != b.tasks);
    if (!forResume) add("--best", a.bestPercent != b.bestPercent);
    if (!forResume) add("--regime-best", a.regimePercent != b.regimePercent);
    if (!forResume) add("--group-by", a.groupBy != b.groupBy);
    add("--size", a.size != b.size);
    // A resumed run re-scores the rows of scenes whose evaluation size changed (an edit was added).
    if (!forResume) add("evaluation sizes", a.sceneSizes != b.sceneSizes || a.mixedEditSizes != b.mixedEditSizes);
    add("--uncertainty/--draws", a.uncertainty != b.uncertainty || a.draws != b.draws || a.seed != b.seed);
    add("--wb-shift", a.wbShifts != b.wbShifts);
    add("scenes", a.scenes != b.scenes || a.workItems != b.workItems);
    if (!ignoreShard) add("--shard", a.shard != b.shard || a.shardItems != b.shardItems);
    if (!forResume) add("dataset problems", a.datasetProblems != b.datasetProblems);
    if (!forResume) add("--import-scores", a.imported != b.imported || a.importedDigest != b.importedDigest);
    return d;
}

} // namespace ll::bench
