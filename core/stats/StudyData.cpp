#include "stats/StudyData.h"

#include "stats/ScoreTable.h"
#include "util/Error.h"

#include <cmath>
#include <limits>
#include <map>

namespace ll::stats {

namespace {

int indexOf(std::map<std::string, int>& index, std::vector<std::string>& names, const std::string& name) {
    auto [it, inserted] = index.try_emplace(name, int(names.size()));
    if (inserted) names.push_back(name);
    return it->second;
}

void collectTasks(StudyData& s) {
    std::set<std::string> t;
    for (const auto& i : s.items) t.insert(i.task);
    s.tasks.assign(t.begin(), t.end());
}

} // namespace

StudyData studyFromAB(std::span<const ABJudgement> judgements) {
    StudyData s;
    s.kind = StudyKind::Pairs;
    std::map<std::string, int> raters, scenes, models, items;
    for (const auto& j : judgements) {
        const int r = indexOf(raters, s.raters, j.rater);
        if (j.expected) {
            s.checks.push_back({r, std::fabs(j.outcome - *j.expected) < 0.25});
            continue;
        }
        const int sc = indexOf(scenes, s.scenes, j.scene);
        const bool aFirst = j.modelA < j.modelB;
        const std::string& first = aFirst ? j.modelA : j.modelB;
        const std::string& second = aFirst ? j.modelB : j.modelA;
        const std::string key = j.scene + "/" + j.task + "/" + first + "|" + second;
        auto [it, inserted] = items.try_emplace(key, int(s.items.size()));
        if (inserted) {
            StudyItem item;
            item.name = key;
            item.task = j.task;
            item.scene = sc;
            item.sceneName = j.scene;
            item.first = indexOf(models, s.models, first);
            item.second = indexOf(models, s.models, second);
            s.items.push_back(item);
        }
        s.obs.push_back({r, it->second, aFirst ? j.outcome : 1 - j.outcome});
    }
    collectTasks(s);
    return s;
}

StudyData studyFromRatings(std::span<const Rating> ratings) {
    StudyData s;
    s.kind = StudyKind::Ratings;
    std::map<std::string, int> raters, scenes, models, items;
    for (const auto& g : ratings) {
        const int r = indexOf(raters, s.raters, g.rater);
        if (g.expected) {
            s.checks.push_back({r, std::fabs(g.score - *g.expected) < 0.5});
            continue;
        }
        auto [it, inserted] = items.try_emplace(g.item, int(s.items.size()));
        if (inserted) {
            StudyItem item;
            item.name = g.item;
            item.task = g.task;
            item.sceneName = g.scene.empty() ? g.item : g.scene;
            item.scene = indexOf(scenes, s.scenes, item.sceneName);
            item.first = g.model.empty() ? -1 : indexOf(models, s.models, g.model);
            item.scoreKey = g.scene.empty() ? g.item : ScoreTable::editKey(g.scene, g.model, g.task);
            s.items.push_back(item);
        }
        s.obs.push_back({r, it->second, g.score});
    }
    collectTasks(s);
    return s;
}

StudyData withoutRaters(const StudyData& study, const std::set<std::string>& excluded) {
    StudyData s;
    s.kind = study.kind;
    std::vector<int> rater(study.raters.size(), -1), item(study.items.size(), -1), scene(study.scenes.size(), -1),
        model(study.models.size(), -1);
    for (std::size_t r = 0; r < study.raters.size(); ++r)
        if (!excluded.count(study.raters[r])) {
            rater[r] = int(s.raters.size());
            s.raters.push_back(study.raters[r]);
        }
    const auto remap = [](std::vector<int>& index, int old, std::vector<std::string>& names, const std::string& name) {
        if (index[std::size_t(old)] < 0) {
            index[std::size_t(old)] = int(names.size());
            names.push_back(name);
        }
        return index[std::size_t(old)];
    };
    for (const auto& o : study.obs) {
        if (rater[std::size_t(o.rater)] < 0) continue;
        if (item[std::size_t(o.item)] < 0) {
            StudyItem it = study.items[std::size_t(o.item)];
            it.scene = remap(scene, it.scene, s.scenes, study.scenes[std::size_t(it.scene)]);
            if (it.first >= 0) it.first = remap(model, it.first, s.models, study.models[std::size_t(it.first)]);
            if (it.second >= 0) it.second = remap(model, it.second, s.models, study.models[std::size_t(it.second)]);
            item[std::size_t(o.item)] = int(s.items.size());
            s.items.push_back(std::move(it));
        }
        s.obs.push_back({rater[std::size_t(o.rater)], item[std::size_t(o.item)], o.value});
    }
    for (const auto& c : study.checks)
        if (rater[std::size_t(c.rater)] >= 0) s.checks.push_back({rater[std::size_t(c.rater)], c.passed});
    collectTasks(s);
    return s;
}

void itemMeans(const StudyData& study, std::span<const int> raterWeight, std::vector<double>& mean,
               std::vector<double>& weightSum) {
    const std::size_t n = study.items.size();
    mean.assign(n, 0.0);
    weightSum.assign(n, 0.0);
    for (const auto& o : study.obs) {
        const double w = raterWeight.empty() ? 1.0 : double(raterWeight[std::size_t(o.rater)]);
        if (w == 0) continue;
        mean[std::size_t(o.item)] += w * o.value;
        weightSum[std::size_t(o.item)] += w;
    }
    for (std::size_t i = 0; i < n; ++i)
        mean[i] = weightSum[i] > 0 ? mean[i] / weightSum[i] : std::numeric_limits<double>::quiet_NaN();
}

} // namespace ll::stats
