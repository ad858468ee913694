#include "stats/HumanAgreement.h"

#include <cmath>

namespace ll::stats {

std::vector<HumanAgreement> humanAgreement(const StudyData& study, const std::vector<std::string>& groups) {
    const std::size_t ni = study.items.size();
    std::vector<double> sum(ni, 0.0);
    std::vector<std::size_t> count(ni, 0);
    for (const auto& o : study.obs) {
        sum[std::size_t(o.item)] += o.value;
        ++count[std::size_t(o.item)];
    }
    std::vector<HumanAgreement> out;
    for (const auto& g : groups) {
        HumanAgreement h;
        h.group = g;
        double total = 0;
        for (const auto& o : study.obs) {
            const auto i = std::size_t(o.item);
            if (g != "all" && study.items[i].task != g) continue;
            if (count[i] < 2) continue;
            const double others = (sum[i] - o.value) / double(count[i] - 1);
            total += others > 0.5 ? o.value : others < 0.5 ? 1.0 - o.value : 0.5;
            ++h.decisions;
        }
        h.value = h.decisions ? total / double(h.decisions) : std::nan("");
        out.push_back(h);
    }
    return out;
}

} // namespace ll::stats
