#include "annotate/ClassAreas.h"

#include "annotations/Rasterise.h"

#include <map>

namespace ll::ui {

std::vector<ClassArea> classAreas(const SceneAnnotations& scene) {
    std::map<std::string, ClassArea> by;
    for (const auto& s : scene.shapes) {
        const std::string c = s.className.empty() ? s.label : s.className;
        ClassArea& a = by[c];
        a.className = c;
        ++a.shapes;
        for (const auto& r : s.rings) a.vertices += (long long)r.size();
    }
    const int w = scene.imageWidth, h = scene.imageHeight;
    if (w > 0 && h > 0) {
        RasterOptions o;
        o.includeBoxes = false;
        const auto masks = rasteriseByClass(scene, w, h, o);
        for (const auto& [c, m] : masks) {
            ClassArea& a = by[c];
            a.className = c;
            a.pixels = (long long)countSet(m);
            a.fraction = double(a.pixels) / (double(w) * double(h));
        }
    }
    std::vector<ClassArea> out;
    for (auto& [c, a] : by) out.push_back(a);
    return out;
}

} // namespace ll::ui
