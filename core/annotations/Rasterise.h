#pragma once
// Annotations to pixel masks. Polygons are scaled from the annotation's image size to the target
// size first and then rasterised at the target size (a mask is never resized), by one of two rules:
//   RasterRule::Coco    pycocotools' rleFrPoly, pixel for pixel (CocoPolygonRule.h): canonical
//   RasterRule::LabelMe labelme's shape_to_mask through Pillow (LabelMePolygonRule.h)
// The rings of a shape combine by the shape's RingRule (even-odd: holes; union: COCO parts); the
// shapes of a class are unioned. COCO RLE masks are sampled at the target pixel centres (nearest)
// when the sizes differ. COCO box-only shapes are skipped unless RasterOptions::includeBoxes.
// Other shape types (circle, line, point) are skipped with a warning.
#include "annotations/SceneAnnotations.h"

#include <map>
#include <string>
#include <vector>

namespace ll {

enum class RasterRule { Coco, LabelMe };

// "coco" / "labelme" (throws ll::Error("raster rule", ...) for anything else).
RasterRule parseRasterRule(const std::string& name);

struct RasterOptions {
    RasterRule rule = RasterRule::Coco;
    bool includeBoxes = false; // rasterise COCO box-only annotations as rectangles
    std::vector<std::string>* warnings = nullptr;
};

// One shape whose coordinates are already in the target frame (no scaling).
Mask rasteriseShape(const Shape& shape, int width, int height, RasterRule rule = RasterRule::Coco);
// One shape of `scene`, scaled from the scene's image size to width x height.
Mask rasteriseShape(const SceneAnnotations& scene, const Shape& shape, int width, int height,
                    const RasterOptions& options = {});

// One mask per class name (Shape::className; "window" included as its own key), each the union of
// the class's shapes, scaled from the scene's image size to width x height before rasterising.
// A scene without an image size is taken to be at width x height already.
std::map<std::string, Mask> rasteriseByClass(const SceneAnnotations& scene, int width, int height,
                                             RasterRule rule = RasterRule::Coco);
std::map<std::string, Mask> rasteriseByClass(const SceneAnnotations& scene, int width, int height,
                                             const RasterOptions& options);

// The rings a shape is drawn with, in its own coordinates (rectangles and boxes as four corners);
// empty for shapes that are not drawn as polygons.
std::vector<Ring> shapeRings(const Shape& shape, bool includeBoxes);

} // namespace ll
