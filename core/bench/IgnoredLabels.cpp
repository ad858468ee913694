#include "bench/IgnoredLabels.h"

#include "annotations/AnnotationIO.h"
#include "annotations/SceneRegions.h"
#include "util/Error.h"

#include <algorithm>
#include <set>

namespace ll::bench {

std::vector<std::string> ignoredLabelsWarnings(const Dataset& dataset, const std::vector<WorkItem>& items) {
    std::set<std::size_t> scenes;
    for (const auto& item : items) scenes.insert(item.scene);
    std::vector<std::string> out;
    for (const std::size_t i : scenes) {
        const Scene& scene = dataset.scenes.at(i);
        if (!scene.labels) continue;
        try {
            loadAnnotations(*scene.labels);
        } catch (const Error& e) {
            out.push_back("scene " + scene.name + ": " + ignoredLabelsWarning(e.what()));
        }
    }
    std::sort(out.begin(), out.end()); // the order merged shards give (mergeShards)
    return out;
}

} // namespace ll::bench
