#include "annotate/ShapeIndex.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll::ui {

namespace {
constexpr int kMaxCellsPerSide = 128;
}

void ShapeIndex::build(std::vector<std::vector<Ring>> rings, RingRule defaultRule) {
    rings_ = std::move(rings);
    bounds_.clear();
    rules_.assign(rings_.size(), defaultRule);
    all_ = Bounds{};
    std::size_t edgeCount = 0;
    for (const auto& r : rings_) {
        bounds_.push_back(shapeBounds(r));
        all_.add(bounds_.back());
        for (const auto& ring : r) edgeCount += ring.size();
    }
    edges_.clear();
    shapes_.clear();
    if (all_.empty()) {
        nx_ = ny_ = 0;
        return;
    }
    const double w = std::max(all_.x1 - all_.x0, 1e-9), h = std::max(all_.y1 - all_.y0, 1e-9);
    // About four edges per cell on average, at most kMaxCellsPerSide cells a side.
    const double cells = std::clamp(double(edgeCount) / 4.0, 1.0, double(kMaxCellsPerSide * kMaxCellsPerSide));
    cell_ = std::max(std::sqrt(w * h / cells), std::max(w, h) / kMaxCellsPerSide);
    nx_ = std::clamp(int(std::ceil(w / cell_)) + 1, 1, kMaxCellsPerSide + 1);
    ny_ = std::clamp(int(std::ceil(h / cell_)) + 1, 1, kMaxCellsPerSide + 1);
    edges_.assign(std::size_t(nx_) * std::size_t(ny_), {});
    shapes_.assign(edges_.size(), {});
    for (int s = 0; s < int(rings_.size()); ++s) {
        const auto& shapeRings = rings_[std::size_t(s)];
        if (!bounds_[std::size_t(s)].empty())
            forCells(bounds_[std::size_t(s)], [&](std::size_t c) { shapes_[c].push_back(s); });
        for (int r = 0; r < int(shapeRings.size()); ++r) {
            const Ring& ring = shapeRings[std::size_t(r)];
            for (int e = 0; e < int(ring.size()); ++e) {
                Bounds b;
                b.add(ring[std::size_t(e)]);
                b.add(ring[(std::size_t(e) + 1) % ring.size()]);
                forCells(b, [&](std::size_t c) { edges_[c].push_back({s, r, e}); });
            }
        }
    }
}

template <typename F>
void ShapeIndex::forCells(const Bounds& box, F&& f) const {
    if (nx_ == 0 || !box.intersects(all_.grown(cell_))) return;
    const int cx0 = std::clamp(int(std::floor((box.x0 - all_.x0) / cell_)), 0, nx_ - 1);
    const int cx1 = std::clamp(int(std::floor((box.x1 - all_.x0) / cell_)), 0, nx_ - 1);
    const int cy0 = std::clamp(int(std::floor((box.y0 - all_.y0) / cell_)), 0, ny_ - 1);
    const int cy1 = std::clamp(int(std::floor((box.y1 - all_.y0) / cell_)), 0, ny_ - 1);
    for (int y = cy0; y <= cy1; ++y)
        for (int x = cx0; x <= cx1; ++x) f(std::size_t(y) * std::size_t(nx_) + std::size_t(x));
}

std::vector<int> ShapeIndex::shapesMeeting(const Bounds& box) const {
    std::vector<int> out;
    forCells(box, [&](std::size_t c) {
        for (int s : shapes_[c])
            if (bounds_[std::size_t(s)].intersects(box)) out.push_back(s);
    });
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<int> ShapeIndex::shapesContaining(const AnnotationPoint& p) const {
    Bounds b;
    b.add(p);
    std::vector<int> out;
    for (int s : shapesMeeting(b))
        if (pointInRings(p, rings_[std::size_t(s)], rules_[std::size_t(s)])) out.push_back(s);
    return out;
}

template <typename F>
void ShapeIndex::forNearbyEdges(const AnnotationPoint& p, double radius, int onlyShape, int excludeShape,
                                F&& f) const {
    Bounds b;
    b.add(p);
    lastQueryEdges_ = 0;
    forCells(b.grown(radius), [&](std::size_t c) {
        for (const EdgeRef& e : edges_[c]) {
            ++lastQueryEdges_;
            if ((onlyShape >= 0 && e.shape != onlyShape) || e.shape == excludeShape) continue;
            f(e);
        }
    });
}

std::optional<VertexRef> ShapeIndex::nearestVertex(const AnnotationPoint& p, double radius, int onlyShape,
                                                   int excludeShape) const {
    std::optional<VertexRef> best;
    double bestD = radius * radius;
    forNearbyEdges(p, radius, onlyShape, excludeShape, [&](const EdgeRef& e) {
        const AnnotationPoint& v = rings_[std::size_t(e.shape)][std::size_t(e.ring)][std::size_t(e.edge)];
        const double d = distanceSquared(p, v);
        // Ties go to the later (upper) shape.
        if (d < bestD || (d == bestD && best && e.shape > best->shape)) {
            bestD = d;
            best = VertexRef{e.shape, e.ring, e.edge};
        }
    });
    return best;
}

std::optional<EdgeHit> ShapeIndex::nearestEdge(const AnnotationPoint& p, double radius, int onlyShape,
                                               int excludeShape) const {
    std::optional<EdgeHit> best;
    double bestD = radius * radius;
    forNearbyEdges(p, radius, onlyShape, excludeShape, [&](const EdgeRef& e) {
        const Ring& ring = rings_[std::size_t(e.shape)][std::size_t(e.ring)];
        const auto& a = ring[std::size_t(e.edge)];
        const auto& q = ring[(std::size_t(e.edge) + 1) % ring.size()];
        const SegmentProjection s = projectOntoSegment(p, a, q);
        if (s.distanceSquared <= bestD) {
            bestD = s.distanceSquared;
            best = EdgeHit{e.shape, e.ring, e.edge, s.point, s.t, s.distanceSquared};
        }
    });
    return best;
}

std::optional<SnapResult> snapPoint(const ShapeIndex& index, const AnnotationPoint& p, double radius, int excludeShape) {
    if (auto v = index.nearestVertex(p, radius, -1, excludeShape))
        return SnapResult{SnapResult::Vertex, index.rings(v->shape)[std::size_t(v->ring)][std::size_t(v->vertex)], v->shape};
    if (auto e = index.nearestEdge(p, radius, -1, excludeShape)) return SnapResult{SnapResult::Edge, e->point, e->shape};
    return std::nullopt;
}

} // namespace ll::ui
