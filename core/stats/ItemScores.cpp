#include "stats/ItemScores.h"

#include "util/Error.h"

#include <cmath>
#include <limits>
#include <map>

namespace ll::stats {

ItemScores attachScores(const StudyData& study, const ScoreTable& table, const std::vector<std::string>& metrics) {
    ItemScores s;
    s.metrics = metrics;
    std::vector<std::size_t> cols;
    for (const auto& m : metrics) {
        cols.push_back(table.metricIndex(m));
        const std::optional<ScoreDirection> b = table.direction(m);
        if (!b)
            throw Error(table.source, "score column '" + m + "' has no declared direction: give --higher " + m +
                                          " or --lower " + m);
        s.higherBetter.push_back(*b == ScoreDirection::Higher);
    }
    const std::size_t nm = metrics.size(), ni = study.items.size();
    s.x.assign(nm, std::vector<double>(ni, std::numeric_limits<double>::quiet_NaN()));
    s.missingItems.assign(nm, 0);
    const auto oriented = [&](const std::string& key, std::size_t m) {
        const double v = table.value(key, cols[m]);
        return s.higherBetter[m] ? v : -v;
    };
    for (std::size_t i = 0; i < ni; ++i) {
        const StudyItem& it = study.items[i];
        if (study.kind == StudyKind::Pairs) {
            const std::string ka = ScoreTable::editKey(it.sceneName, study.models[std::size_t(it.first)], it.task);
            const std::string kb = ScoreTable::editKey(it.sceneName, study.models[std::size_t(it.second)], it.task);
            for (std::size_t m = 0; m < nm; ++m) s.x[m][i] = oriented(ka, m) - oriented(kb, m);
        } else {
            for (std::size_t m = 0; m < nm; ++m) s.x[m][i] = oriented(it.scoreKey, m);
        }
        for (std::size_t m = 0; m < nm; ++m)
            if (!std::isfinite(s.x[m][i])) ++s.missingItems[m];
    }
    if (study.kind == StudyKind::Pairs) {
        std::map<std::string, int> modelIndex;
        for (std::size_t k = 0; k < study.models.size(); ++k) modelIndex[study.models[k]] = int(k);
        for (const auto& e : table.edits()) {
            const auto it = modelIndex.find(e.model);
            if (it == modelIndex.end()) continue;
            LeaderboardEdit le{it->second, e.task, {}};
            for (std::size_t m = 0; m < nm; ++m) le.g.push_back(oriented(e.key, m));
            s.leaderboard.push_back(std::move(le));
        }
    }
    for (std::size_t m = 0; m < nm; ++m)
        if (ni > 0 && s.missingItems[m] == ni)
            throw Error(table.source, "no judged item has a '" + metrics[m] +
                                          "' score (do scene, model and task names match the judgements?)");
    return s;
}

} // namespace ll::stats
