#include "annotate/ShapeEdits.h"

#include "annotations/ClassNames.h"
#include "annotations/Rasterise.h"

#include <algorithm>

namespace ll::ui {

std::vector<Ring> editableRings(const Shape& s) {
    if (!isEditablePolygon(s)) return {};
    return shapeRings(s, true);
}

bool isEditablePolygon(const Shape& s) {
    return s.kind == ShapeKind::Polygon || s.kind == ShapeKind::Rectangle || (s.kind == ShapeKind::Box && s.box);
}

Shape makePolygon(const std::string& label, Ring ring) {
    Shape s;
    s.label = label;
    s.className = normaliseClassName(label);
    s.shapeType = "polygon";
    s.kind = ShapeKind::Polygon;
    s.ringRule = RingRule::EvenOdd;
    s.rings = {std::move(ring)};
    return s;
}

Shape withRings(const Shape& shape, std::vector<Ring> rings) {
    Shape s = shape;
    if (s.kind != ShapeKind::Polygon) {
        s.kind = ShapeKind::Polygon;
        s.shapeType = "polygon";
        s.box.reset();
        s.ringRule = RingRule::EvenOdd;
    }
    s.rings = std::move(rings);
    return s;
}

Shape relabelled(const Shape& shape, const std::string& label) {
    Shape s = shape;
    s.label = label;
    s.className = normaliseClassName(label);
    return s;
}

ShapeChanges addShape(const std::vector<Shape>& shapes, Shape shape) {
    return {{ShapeChange::Insert, int(shapes.size()), std::move(shape)}};
}

ShapeChanges moveShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, double dx, double dy) {
    ShapeChanges out;
    for (int i : indices) {
        const Shape& s = shapes[std::size_t(i)];
        if (!isEditablePolygon(s)) continue;
        out.push_back({ShapeChange::Replace, i, withRings(s, translated(editableRings(s), dx, dy))});
    }
    return out;
}

ShapeChanges moveVertex(const std::vector<Shape>& shapes, const VertexRef& v, const AnnotationPoint& to) {
    const Shape& s = shapes[std::size_t(v.shape)];
    auto rings = editableRings(s);
    rings[std::size_t(v.ring)][std::size_t(v.vertex)] = to;
    return {{ShapeChange::Replace, v.shape, withRings(s, std::move(rings))}};
}

ShapeChanges insertVertex(const std::vector<Shape>& shapes, int shape, int ring, int edge, const AnnotationPoint& at) {
    const Shape& s = shapes[std::size_t(shape)];
    auto rings = editableRings(s);
    Ring& r = rings[std::size_t(ring)];
    r.insert(r.begin() + edge + 1, at);
    return {{ShapeChange::Replace, shape, withRings(s, std::move(rings))}};
}

ShapeChanges deleteVertex(const std::vector<Shape>& shapes, const VertexRef& v) {
    const Shape& s = shapes[std::size_t(v.shape)];
    auto rings = editableRings(s);
    Ring& r = rings[std::size_t(v.ring)];
    r.erase(r.begin() + v.vertex);
    if (r.size() < 3) {
        if (v.ring == 0 || s.ringRule == RingRule::Union) {
            rings.erase(rings.begin() + v.ring);
            if (rings.empty()) return {{ShapeChange::Remove, v.shape, {}}};
        } else {
            rings.erase(rings.begin() + v.ring);
        }
    }
    return {{ShapeChange::Replace, v.shape, withRings(s, std::move(rings))}};
}

ShapeChanges cutHole(const std::vector<Shape>& shapes, int shape, Ring hole) {
    const Shape& s = shapes[std::size_t(shape)];
    auto rings = editableRings(s);
    rings.push_back(std::move(hole));
    Shape out = withRings(s, std::move(rings));
    out.ringRule = RingRule::EvenOdd;
    return {{ShapeChange::Replace, shape, std::move(out)}};
}

ShapeChanges deleteShapes(const std::vector<Shape>&, std::vector<int> indices) {
    std::sort(indices.begin(), indices.end(), std::greater<int>());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    ShapeChanges out;
    for (int i : indices) out.push_back({ShapeChange::Remove, i, {}});
    return out;
}

ShapeChanges duplicateShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, double dx, double dy) {
    ShapeChanges out;
    int at = int(shapes.size());
    for (int i : indices) {
        const Shape& src = shapes[std::size_t(i)];
        if (!isEditablePolygon(src)) continue;
        Shape s = withRings(src, translated(editableRings(src), dx, dy));
        s.id.reset();
        s.groupId.reset();
        s.original = nlohmann::ordered_json{}; // a new annotation: nothing kept from the file
        out.push_back({ShapeChange::Insert, at++, std::move(s)});
    }
    return out;
}

ShapeChanges relabelShapes(const std::vector<Shape>& shapes, const std::vector<int>& indices, const std::string& label) {
    ShapeChanges out;
    for (int i : indices)
        if (shapes[std::size_t(i)].label != label) out.push_back({ShapeChange::Replace, i, relabelled(shapes[std::size_t(i)], label)});
    return out;
}

} // namespace ll::ui
