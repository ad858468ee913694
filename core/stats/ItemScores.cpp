#include "stats/ItemScores.h"

#include "util/Error.h"

#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace ll::stats {

ItemScores attachScores(const StudyData& study, const ScoreTable& table, const std::vector<std::string>& metrics) {
    ItemScores s;
    s.metrics = metrics;
    std::vector<std::size_t> cols;
    for (const auto& m : metrics) {
        cols.push_back(table.metricIndex(m));
        s.higherBetter.push_back(higherIsBetter(m));
    }
    const std::size_t nm = metrics.size(), ni = study.items.size();
    s.x.assign(nm, std::vector<double>(ni, std::numeric_limits<double>::quiet_NaN()));
    s.missingItems.assign(nm, 0);
    const auto oriented = [&](const std::string& key, std::size_t m) {
        const double v = table.value(key, cols[m]);
        return s.higherBetter[m] ? v : -v;
    };
    std::map<std::tuple<int, std::string, int>, std::size_t> editIndex;
    for (std::size_t i = 0; i < ni; ++i) {
        const StudyItem& it = study.items[i];
        if (study.kind == StudyKind::Pairs) {
            const std::string ka = ScoreTable::editKey(it.sceneName, study.models[std::size_t(it.first)], it.task);
            const std::string kb = ScoreTable::editKey(it.sceneName, study.models[std::size_t(it.second)], it.task);
            for (int model : {it.first, it.second}) {
                auto [e, inserted] = editIndex.try_emplace({it.scene, it.task, model}, s.edits.size());
                if (inserted) {
                    JudgedEdit je{it.scene, model, it.task, {}};
                    const std::string k = model == it.first ? ka : kb;
                    for (std::size_t m = 0; m < nm; ++m) je.g.push_back(oriented(k, m));
                    s.edits.push_back(std::move(je));
                }
            }
            for (std::size_t m = 0; m < nm; ++m) s.x[m][i] = oriented(ka, m) - oriented(kb, m);
        } else {
            for (std::size_t m = 0; m < nm; ++m) s.x[m][i] = oriented(it.scoreKey, m);
        }
        for (std::size_t m = 0; m < nm; ++m)
            if (!std::isfinite(s.x[m][i])) ++s.missingItems[m];
    }
    for (std::size_t m = 0; m < nm; ++m)
        if (ni > 0 && s.missingItems[m] == ni)
            throw Error(table.source, "no judged item has a '" + metrics[m] +
                                          "' score (do scene, model and task names match the judgements?)");
    return s;
}

} // namespace ll::stats
