#pragma once
// Human-human agreement of an A/B study, the level a metric's agreement with people is read
// against: for each judgement of a pair that has other judgements, does it agree with the majority
// of the others? (A tie judgement, or an even split of the others, counts 1/2.) The mean over those
// judgements is how often one person agrees with the rest. Per group: "all", or one task.
#include "stats/StudyData.h"

#include <string>
#include <vector>

namespace ll::stats {

struct HumanAgreement {
    std::string group;
    double value = 0;          // NaN when no pair of the group has two judgements
    std::size_t decisions = 0; // judgements counted
};

std::vector<HumanAgreement> humanAgreement(const StudyData& study, const std::vector<std::string>& groups);

} // namespace ll::stats
