#include "annotate/PolygonGeometry.h"

#include <algorithm>

namespace ll::ui {

void Bounds::add(const AnnotationPoint& p) {
    if (empty()) {
        x0 = x1 = p.x;
        y0 = y1 = p.y;
        return;
    }
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
}

void Bounds::add(const Bounds& b) {
    if (b.empty()) return;
    add(AnnotationPoint{b.x0, b.y0});
    add(AnnotationPoint{b.x1, b.y1});
}

bool Bounds::intersects(const Bounds& b) const {
    return !empty() && !b.empty() && x0 <= b.x1 && b.x0 <= x1 && y0 <= b.y1 && b.y0 <= y1;
}

Bounds ringBounds(const Ring& ring) {
    Bounds b;
    for (const auto& p : ring) b.add(p);
    return b;
}

Bounds shapeBounds(const std::vector<Ring>& rings) {
    Bounds b;
    for (const auto& r : rings) b.add(ringBounds(r));
    return b;
}

double distanceSquared(const AnnotationPoint& a, const AnnotationPoint& b) {
    const double dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}

SegmentProjection projectOntoSegment(const AnnotationPoint& p, const AnnotationPoint& a, const AnnotationPoint& b) {
    const double dx = b.x - a.x, dy = b.y - a.y;
    const double len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2 : 0.0;
    t = std::clamp(t, 0.0, 1.0);
    SegmentProjection s;
    s.t = t;
    // Exact end points at the ends, so a snapped point equals the vertex bit for bit.
    s.point = t <= 0 ? a : t >= 1 ? b : AnnotationPoint{a.x + t * dx, a.y + t * dy};
    s.distanceSquared = distanceSquared(p, s.point);
    return s;
}

bool pointInRing(const AnnotationPoint& p, const Ring& ring) {
    bool inside = false;
    const std::size_t n = ring.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
        const auto& a = ring[i];
        const auto& b = ring[j];
        if ((a.y > p.y) != (b.y > p.y)) {
            const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside;
}

bool pointInRings(const AnnotationPoint& p, const std::vector<Ring>& rings, RingRule rule) {
    bool inside = false;
    for (const auto& r : rings) {
        if (r.size() < 3) continue;
        const bool in = pointInRing(p, r);
        if (rule == RingRule::Union && in) return true;
        if (in) inside = !inside;
    }
    return inside;
}

std::vector<Ring> translated(const std::vector<Ring>& rings, double dx, double dy) {
    std::vector<Ring> out = rings;
    for (auto& r : out)
        for (auto& p : r) {
            p.x += dx;
            p.y += dy;
        }
    return out;
}

double signedRingArea(const Ring& ring) {
    double a = 0;
    const std::size_t n = ring.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++) a += ring[j].x * ring[i].y - ring[i].x * ring[j].y;
    return a / 2.0;
}

} // namespace ll::ui
