#include "annotate/ShapeChange.h"

#include "util/Error.h"

#include <string>

namespace ll::ui {

ShapeChanges applyShapeChanges(std::vector<Shape>& shapes, const ShapeChanges& changes) {
    // Check every index against the sizes the list will have before touching anything.
    std::size_t n = shapes.size();
    for (const auto& c : changes) {
        const bool ok = c.index >= 0 && (c.type == ShapeChange::Insert ? std::size_t(c.index) <= n : std::size_t(c.index) < n);
        if (!ok)
            throw Error("annotation edit", "shape index " + std::to_string(c.index) + " out of range (" + std::to_string(n) + " shapes)");
        if (c.type == ShapeChange::Insert) ++n;
        if (c.type == ShapeChange::Remove) --n;
    }
    ShapeChanges inverse;
    inverse.reserve(changes.size());
    for (const auto& c : changes) {
        const auto at = shapes.begin() + c.index;
        switch (c.type) {
        case ShapeChange::Replace:
            inverse.push_back({ShapeChange::Replace, c.index, *at});
            *at = c.shape;
            break;
        case ShapeChange::Insert:
            shapes.insert(at, c.shape);
            inverse.push_back({ShapeChange::Remove, c.index, {}});
            break;
        case ShapeChange::Remove:
            inverse.push_back({ShapeChange::Insert, c.index, std::move(*at)});
            shapes.erase(at);
            break;
        }
    }
    return {inverse.rbegin(), inverse.rend()};
}

} // namespace ll::ui
