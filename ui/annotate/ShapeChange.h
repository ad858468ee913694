#pragma once
// ShapeChange: one step of an edit to a scene's list of shapes. Every edit (and every undo or
// redo) is a list of these, applied in order; the same lists go to the journal.
#include "annotations/SceneAnnotations.h"

#include <vector>

namespace ll::ui {

struct ShapeChange {
    enum Type { Replace, Insert, Remove } type = Replace;
    int index = 0;  // position in SceneAnnotations::shapes
    Shape shape;    // Replace: the new shape; Insert: the shape inserted; Remove: unused
};

using ShapeChanges = std::vector<ShapeChange>;

// Applies `changes` to `shapes` in order and returns the changes that undo them (to be applied in
// the order given). Throws ll::Error("annotation edit", ...) for an index out of range; `shapes`
// is then left as it was.
ShapeChanges applyShapeChanges(std::vector<Shape>& shapes, const ShapeChanges& changes);

} // namespace ll::ui
