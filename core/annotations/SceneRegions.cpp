#include "annotations/SceneRegions.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "util/Error.h"

namespace ll {

std::string ignoredLabelsWarning(const std::string& problem) {
    return problem + "; labels ignored, region scores left empty";
}

SceneRegions loadSceneRegions(const std::filesystem::path& labels, int width, int height,
                              std::vector<std::string>* warnings) {
    SceneRegions r;
    std::vector<std::string> loadWarnings;
    try {
        r.regions = rasteriseByClass(loadAnnotations(labels, &loadWarnings), width, height);
    } catch (const Error& e) {
        r.regions.clear();
        r.labelsProblem = e.what();
        loadWarnings.push_back(ignoredLabelsWarning(e.what()));
    }
    if (warnings) warnings->insert(warnings->end(), loadWarnings.begin(), loadWarnings.end());
    return r;
}

} // namespace ll
