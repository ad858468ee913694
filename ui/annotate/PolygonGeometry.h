#pragma once
// Plane geometry the annotation editor needs, as pure functions over annotation rings (image
// pixel coordinates, see SceneAnnotations.h): distances to vertices and edges, the projection of a
// point onto an edge, point-in-shape by the shape's ring rule, bounds and translation.
#include "annotations/SceneAnnotations.h"

#include <optional>

namespace ll::ui {

struct Bounds {
    double x0 = 0, y0 = 0, x1 = -1, y1 = -1; // empty when x1 < x0
    bool empty() const { return x1 < x0 || y1 < y0; }
    void add(const AnnotationPoint& p);
    void add(const Bounds& b);
    Bounds grown(double r) const { return empty() ? *this : Bounds{x0 - r, y0 - r, x1 + r, y1 + r}; }
    bool intersects(const Bounds& b) const;
    bool contains(const AnnotationPoint& p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
};

Bounds ringBounds(const Ring& ring);
Bounds shapeBounds(const std::vector<Ring>& rings);

double distanceSquared(const AnnotationPoint& a, const AnnotationPoint& b);

// The point of segment [a, b] nearest to p, and its parameter t in [0, 1] (a: 0, b: 1).
struct SegmentProjection {
    AnnotationPoint point;
    double t = 0;
    double distanceSquared = 0;
};
SegmentProjection projectOntoSegment(const AnnotationPoint& p, const AnnotationPoint& a, const AnnotationPoint& b);

// Crossing-number test of one closed ring (points on the boundary may go either way).
bool pointInRing(const AnnotationPoint& p, const Ring& ring);
// Inside a shape's rings: even-odd (later rings cut holes) or union (any ring).
bool pointInRings(const AnnotationPoint& p, const std::vector<Ring>& rings, RingRule rule);

// Every vertex moved by (dx, dy).
std::vector<Ring> translated(const std::vector<Ring>& rings, double dx, double dy);

// Signed shoelace area (positive when the ring turns clockwise in y-down image coordinates).
double signedRingArea(const Ring& ring);

} // namespace ll::ui
