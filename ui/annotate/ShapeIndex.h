#pragma once
// ShapeIndex: a uniform grid over the edges of a scene's shapes, so hit tests and snapping near
// the mouse look only at the edges of a few cells instead of every vertex of the scene. Built from
// the rings of every shape (annotation coordinates) whenever the document changes; building costs
// O(edges), a query O(edges in the cells the query box touches).
#include "annotate/PolygonGeometry.h"

#include <optional>
#include <vector>

namespace ll::ui {

struct VertexRef {
    int shape = -1, ring = -1, vertex = -1;
    bool valid() const { return shape >= 0; }
    friend bool operator==(const VertexRef&, const VertexRef&) = default;
};

struct EdgeHit {
    int shape = -1, ring = -1, edge = -1; // the edge from vertex `edge` to vertex `edge + 1` (wrapping)
    AnnotationPoint point;                // nearest point on the edge
    double t = 0;
    double distanceSquared = 0;
};

class ShapeIndex {
public:
    // rings[i]: the drawn rings of shape i (empty for shapes without polygons).
    void build(std::vector<std::vector<Ring>> rings, RingRule defaultRule = RingRule::EvenOdd);
    void setRule(int shape, RingRule rule) { rules_[std::size_t(shape)] = rule; }

    int shapeCount() const { return int(rings_.size()); }
    const std::vector<Ring>& rings(int shape) const { return rings_[std::size_t(shape)]; }
    const Bounds& bounds(int shape) const { return bounds_[std::size_t(shape)]; }

    // Shapes whose bounds meet `box`, ascending.
    std::vector<int> shapesMeeting(const Bounds& box) const;
    // Shapes containing p (by their ring rule), ascending (the last one is drawn on top).
    std::vector<int> shapesContaining(const AnnotationPoint& p) const;
    // The vertex nearest to p within `radius`; `onlyShape` >= 0 restricts the search to that shape,
    // `excludeShape` >= 0 leaves one shape out.
    std::optional<VertexRef> nearestVertex(const AnnotationPoint& p, double radius, int onlyShape = -1,
                                           int excludeShape = -1) const;
    std::optional<EdgeHit> nearestEdge(const AnnotationPoint& p, double radius, int onlyShape = -1,
                                       int excludeShape = -1) const;

    // Edges looked at by the last query (to show that queries stay local).
    std::size_t lastQueryEdges() const { return lastQueryEdges_; }

private:
    struct EdgeRef {
        int shape, ring, edge;
    };
    template <typename F>
    void forCells(const Bounds& box, F&& f) const;
    // f(edge) for every indexed edge in the cells within `radius` of p that passes the shape filters
    // of nearestVertex/nearestEdge (counted in lastQueryEdges_).
    template <typename F>
    void forNearbyEdges(const AnnotationPoint& p, double radius, int onlyShape, int excludeShape, F&& f) const;

    std::vector<std::vector<Ring>> rings_;
    std::vector<Bounds> bounds_;
    std::vector<RingRule> rules_;
    Bounds all_;
    double cell_ = 1;
    int nx_ = 0, ny_ = 0;
    std::vector<std::vector<EdgeRef>> edges_;  // per cell
    std::vector<std::vector<int>> shapes_;     // per cell: shapes whose bounds meet it
    mutable std::size_t lastQueryEdges_ = 0;
};

// Snapping: the nearest vertex of another shape within `radius`, else the nearest point on an
// edge of another shape within `radius`. Snapped points are exact copies of the vertex or points
// on the edge, so neighbouring shapes share borders without gaps.
struct SnapResult {
    enum Kind { Vertex, Edge } kind = Vertex;
    AnnotationPoint point;
    int shape = -1;
};
std::optional<SnapResult> snapPoint(const ShapeIndex& index, const AnnotationPoint& p, double radius, int excludeShape);

} // namespace ll::ui
