#pragma once
// The edits the annotation editor makes, as pure functions from shapes to ShapeChanges (which the
// document applies, journals and undoes). Geometry edits of rectangles and COCO boxes turn them
// into four-vertex polygons; holes are later rings under the even-odd rule.
#include "annotate/ShapeChange.h"
#include "annotate/ShapeIndex.h"

#include <string>

namespace ll::ui {

// The rings a shape is edited and drawn with (rectangles and boxes as four corners).
std::vector<Ring> editableRings(const Shape& shape);
bool isEditablePolygon(const Shape& shape); // polygon, rectangle or box

// A new polygon of class `label` (LabelMe label / COCO category name as written).
Shape makePolygon(const std::string& label, Ring ring);
// The shape with new rings, as a polygon.
Shape withRings(const Shape& shape, std::vector<Ring> rings);
// The shape labelled `label` (className normalised by the built-in aliases).
Shape relabelled(const Shape& shape, const std::string& label);

ShapeChanges addShape(const std::vector<Shape>& shapes, Shape shape);
ShapeChanges moveShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, double dx, double dy);
ShapeChanges moveVertex(const std::vector<Shape>& shapes, const VertexRef& v, const AnnotationPoint& to);
// Inserts `at` after vertex `edge` of the ring (on the edge from `edge` to `edge + 1`).
ShapeChanges insertVertex(const std::vector<Shape>& shapes, int shape, int ring, int edge, const AnnotationPoint& at);
// Deletes a vertex; a ring left with fewer than three vertices goes (a hole) or takes the shape
// with it (the outer ring).
ShapeChanges deleteVertex(const std::vector<Shape>& shapes, const VertexRef& v);
ShapeChanges cutHole(const std::vector<Shape>& shapes, int shape, Ring hole);
ShapeChanges deleteShapes(const std::vector<Shape>& shapes, std::vector<int> indices);
// Copies of the shapes, moved by (dx, dy), appended at the end (without COCO ids or group ids).
ShapeChanges duplicateShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, double dx, double dy);
ShapeChanges relabelShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, const std::string& label);

} // namespace ll::ui
