#include "dataset/EvaluationSize.h"

#include "image/ImageIO.h"
#include "util/Error.h"

#include <algorithm>
#include <set>

namespace ll {

namespace {

bool smaller(std::pair<int, int> a, std::pair<int, int> b) {
    const long long pa = 1LL * a.first * a.second, pb = 1LL * b.first * b.second;
    return pa != pb ? pa < pb : a < b;
}

// The size in a scan entry, or read from the file's header when a lazy scan left it at 0.
std::pair<int, int> knownOrRead(int width, int height, const std::filesystem::path& file) {
    if (width > 0 && height > 0) return {width, height};
    try {
        const ImageHeader h = readImageHeader(file);
        return {h.width, h.height};
    } catch (const Error&) {
        return {0, 0};
    }
}

} // namespace

std::pair<int, int> smallerSize(std::pair<int, int> a, std::pair<int, int> b) { return smaller(b, a) ? b : a; }

std::string sizeText(std::pair<int, int> size) {
    return std::to_string(size.first) + "x" + std::to_string(size.second);
}

std::vector<SizedFile> sceneEditFiles(const Dataset& ds, const Scene& scene, const std::vector<std::string>& models) {
    std::vector<SizedFile> files;
    for (const auto& model : models) {
        if (model == "do_nothing") continue;
        for (Task task : {Task::On, Task::Off}) {
            const EditEntry* e = ds.findEdit(scene.name, model, task);
            if (e && e->usable()) files.push_back({*e->path, e->width, e->height});
        }
    }
    return files;
}

SceneEvaluationSize sceneEvaluationSize(const Dataset& ds, const Scene& scene, const std::vector<std::string>& models) {
    return evaluationSizeOf(sceneEditFiles(ds, scene, models), SizedFile{scene.on, scene.width, scene.height});
}

SceneEvaluationSize evaluationSizeOf(const std::vector<SizedFile>& edits, const SizedFile& pairFile) {
    SceneEvaluationSize out;
    std::set<std::pair<int, int>> sizes;
    for (const auto& e : edits) {
        const auto size = knownOrRead(e.width, e.height, e.path);
        if (size.first > 0 && size.second > 0) sizes.insert(size);
    }
    out.editSizes.assign(sizes.begin(), sizes.end());
    std::sort(out.editSizes.begin(), out.editSizes.end(), smaller);
    const auto pair = knownOrRead(pairFile.width, pairFile.height, pairFile.path);
    const bool pairKnown = pair.first > 0 && pair.second > 0;
    if (out.editSizes.empty() || (pairKnown && smaller(pair, out.editSizes.front()))) {
        out.fromPair = true;
        if (pairKnown) std::tie(out.width, out.height) = pair;
        return out;
    }
    std::tie(out.width, out.height) = out.editSizes.front();
    return out;
}

} // namespace ll
