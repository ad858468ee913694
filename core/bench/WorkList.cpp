#include "bench/WorkList.h"

#include "bench/ScoreRow.h"
#include "dataset/EvaluationSize.h"
#include "util/Error.h"

#include <algorithm>
#include <map>
#include <set>

namespace ll::bench {

std::string relativeToRoot(const std::filesystem::path& root, const std::string& path) {
    std::error_code ec;
    const auto absRoot = std::filesystem::weakly_canonical(root, ec);
    const auto absPath = std::filesystem::weakly_canonical(std::filesystem::path(path), ec);
    if (ec || absRoot.empty()) return path;
    const auto rel = absPath.lexically_relative(absRoot);
    if (rel.empty() || *rel.begin() == "..") return path;
    return rel.generic_string();
}

WorkList makeWorkList(const Dataset& ds, const BenchConfig& config) {
    WorkList w;
    RunPlan& p = w.plan;
    p.datasetName = ds.name;

    std::vector<std::string> models;
    if (config.models.empty()) {
        models = ds.models;
    } else {
        for (const auto& m : config.models) {
            const bool known = std::find(ds.models.begin(), ds.models.end(), m) != ds.models.end();
            if (!known && !(m == kDoNothingModel && config.baseline))
                throw Error("--models", "no model '" + m + "' in " + (ds.root / "edits").string());
            models.push_back(m);
        }
    }
    // The baseline is always scored (unless switched off): from edits/do_nothing when the dataset has
    // that model, else computed from the inputs.
    if (config.baseline) models.push_back(kDoNothingModel);
    std::sort(models.begin(), models.end());
    models.erase(std::unique(models.begin(), models.end()), models.end());
    p.models = models;

    std::set<Task> tasks(config.tasks.begin(), config.tasks.end());
    if (tasks.empty()) throw Error("--tasks", "no task selected");
    p.tasks.assign(tasks.begin(), tasks.end());
    p.bestPercent = config.bestPercent;
    p.groupBy = config.groupBy;
    p.wbShifts = config.wbShifts;
    if (config.size) p.size = config.size;
    else if (ds.evalSize) p.size = std::make_pair(ds.evalSize->width, ds.evalSize->height);
    p.regimePercent = config.regimePercent;
    std::vector<std::pair<int, int>> sceneSize(ds.scenes.size(), p.size.value_or(std::pair<int, int>{0, 0}));
    if (!p.size) {
        std::vector<std::string> tested;
        for (const auto& m : models)
            if (m != kDoNothingModel) tested.push_back(m);
        for (std::size_t s = 0; s < ds.scenes.size(); ++s) {
            const SceneEvaluationSize es = sceneEvaluationSize(ds, ds.scenes[s], tested);
            sceneSize[s] = {es.width, es.height};
            p.sceneSizes[ds.scenes[s].name] = sceneSize[s];
            if (es.mixed()) {
                std::string line = ds.scenes[s].name + ":";
                for (const auto& e : es.editSizes) line += " " + sizeText(e) + ",";
                line.back() = ' ';
                line += "-> " + sizeText(sceneSize[s]);
                p.mixedEditSizes.push_back(line);
            }
        }
    }
    p.uncertainty = config.uncertainty;
    p.draws = config.uncertainty ? config.draws : 0;
    p.seed = 0;
    p.scenes = ds.scenes.size();
    for (const auto& pr : ds.problems)
        p.datasetProblems.push_back({problemKindName(pr.kind), relativeToRoot(ds.root, pr.path.string()), pr.message});

    std::map<std::string, const EditEntry*> editIndex; // findEdit is a linear search
    for (const auto& e : ds.edits) editIndex.emplace(rowKey(e.scene, e.model, e.task), &e);
    std::vector<WorkItem> all;
    for (std::size_t s = 0; s < ds.scenes.size(); ++s)
        for (const auto& m : models)
            for (Task t : p.tasks) {
                auto it = editIndex.find(rowKey(ds.scenes[s].name, m, t));
                WorkItem item{s, m, t, it == editIndex.end() ? nullptr : it->second, sceneSize[s]};
                if (!item.edit && m != kDoNothingModel)
                    throw Error(ds.root.string(), "no edit entry for " + ds.scenes[s].name + "/" + m); // scan invariant
                all.push_back(std::move(item));
            }
    p.workItems = all.size();
    p.shard = config.shard;
    const auto [first, last] = shardRange(all.size(), config.shard);
    w.items.assign(all.begin() + std::ptrdiff_t(first), all.begin() + std::ptrdiff_t(last));
    p.shardItems = w.items.size();
    return w;
}

} // namespace ll::bench
