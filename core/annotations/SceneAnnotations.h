#pragma once
// The annotations of one scene: labelled shapes (polygons with optional holes, boxes, masks) in the
// pixel coordinates of an image of size imageWidth x imageHeight. Read from COCO (as Roboflow
// exports it) or LabelMe JSON; written back in the format it came from, keeping what the file said
// that LightLens does not use (unknown keys, key order, categories, image data).
//
// Coordinates follow both formats: x to the right, y down, (0,0) the top-left corner of the
// top-left pixel, so pixel (i,j) covers [i,i+1) x [j,j+1).
#include "image/Plane.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ll {

struct AnnotationPoint {
    double x = 0;
    double y = 0;
    friend bool operator==(const AnnotationPoint&, const AnnotationPoint&) = default;
};

// A closed polygon: the last vertex joins the first.
using Ring = std::vector<AnnotationPoint>;

// What a shape is, for rasterisation. The shape type as written is Shape::shapeType.
enum class ShapeKind {
    Polygon,   // one or more rings
    Rectangle, // LabelMe rectangle: rings[0] holds two opposite corners
    Box,       // COCO annotation with a bbox and no segmentation: Shape::box
    Mask,      // COCO RLE segmentation: Shape::mask at imageWidth x imageHeight
    Other      // circle, line, point, ... : kept for round trips, not rasterised
};

// How the rings of one shape combine.
enum class RingRule {
    EvenOdd, // a pixel is inside when it is inside an odd number of rings: later rings cut holes
    Union    // COCO polygon parts: the union of the rings (what pycocotools does)
};

enum class AnnotationFormat { LabelMe, Coco };

struct Shape {
    std::string label;     // as written in the file (LabelMe label, COCO category name)
    std::string className; // normalised (see ClassNames.h): the key regions are scored under
    std::string shapeType = "polygon"; // as written: LabelMe shape_type; COCO "polygon", "box", "mask"
    ShapeKind kind = ShapeKind::Polygon;
    std::vector<Ring> rings;
    RingRule ringRule = RingRule::EvenOdd;

    std::optional<long long> groupId; // LabelMe group_id
    std::optional<long long> id;      // COCO annotation id
    std::optional<std::array<double, 4>> box; // COCO bbox [x, y, width, height]
    bool crowd = false;                       // COCO iscrowd
    Mask mask;                                // Kind Mask: decoded RLE, row-major, 0/1
    bool maskCompressed = true;               // RLE counts as a compressed string (else a list)

    nlohmann::ordered_json flags = nlohmann::ordered_json::object();      // LabelMe shape flags
    nlohmann::ordered_json attributes = nlohmann::ordered_json::object(); // COCO "attributes"
    std::string description;

    // The object as read, all keys in file order. Writers update the keys they know in place and
    // keep every other key, so a round trip loses nothing. Empty for shapes made in memory.
    nlohmann::ordered_json original;
};

struct SceneAnnotations {
    int imageWidth = 0;  // the image the coordinates refer to (0 when the file did not say)
    int imageHeight = 0;
    std::vector<Shape> shapes;

    AnnotationFormat format = AnnotationFormat::LabelMe;
    std::string imagePath;     // LabelMe imagePath, COCO file_name (as written)
    std::string originalName;  // the image's name before an exporter renamed it (COCO extra.name)
    std::optional<long long> imageId; // COCO image id
    nlohmann::ordered_json flags = nlohmann::ordered_json::object(); // LabelMe image flags

    // The document as read (LabelMe: the top-level object; COCO: the top-level object without
    // "images" and "annotations", plus the image entry under originalImage). Kept for round trips.
    nlohmann::ordered_json original;
    nlohmann::ordered_json originalImage;
};

} // namespace ll
