#pragma once
// The scenes of a run whose labels file cannot be read. Such a scene is still scored (global
// metrics); its labels are ignored and its region scores stay empty (annotations/SceneRegions.h).
// The run reports each once: on stderr and in summary.json's "warnings" (merged shards: the
// sorted union of their warnings).
#include "bench/WorkList.h"
#include "dataset/Dataset.h"

#include <string>
#include <vector>

namespace ll::bench {

// One warning line per scene of `items` with an unreadable labels file, sorted.
std::vector<std::string> ignoredLabelsWarnings(const Dataset& dataset, const std::vector<WorkItem>& items);

} // namespace ll::bench
