#pragma once
// Per-class area statistics of a scene's annotations: shapes, vertices and the pixel area of the
// union of the class's shapes, rasterised at the labels' image size (Rasterise.h, COCO rule: the
// masks the metrics score).
#include "annotations/SceneAnnotations.h"

#include <string>
#include <vector>

namespace ll::ui {

struct ClassArea {
    std::string className;
    int shapes = 0;
    long long vertices = 0;
    long long pixels = 0;   // of the class's union mask
    double fraction = 0;    // pixels / image pixels
};

// Sorted by class name. Shapes of kind Other count but add no pixels.
std::vector<ClassArea> classAreas(const SceneAnnotations& scene);

} // namespace ll::ui
