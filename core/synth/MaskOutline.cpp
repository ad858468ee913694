#include "synth/MaskOutline.h"

#include <cmath>
#include <cstdint>

namespace ll::synth {

namespace {

struct P {
    int x, y;
    bool operator==(const P&) const = default;
};

// Labels 4-connected parts; returns the label image (0 = background) and each part's size and
// top-left-most pixel (the first in row-major order).
struct Parts {
    std::vector<int> label;
    std::vector<int> size;
    std::vector<P> start;
};

Parts labelParts(const Mask& m) {
    const int W = m.width(), H = m.height();
    Parts parts;
    parts.label.assign(std::size_t(W) * H, 0);
    parts.size.push_back(0);
    parts.start.push_back({0, 0});
    std::vector<P> stack;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            if (!m(x, y) || parts.label[std::size_t(y) * W + x]) continue;
            const int id = int(parts.size.size());
            parts.size.push_back(0);
            parts.start.push_back({x, y});
            stack.push_back({x, y});
            parts.label[std::size_t(y) * W + x] = id;
            while (!stack.empty()) {
                const P p = stack.back();
                stack.pop_back();
                ++parts.size[std::size_t(id)];
                const P nb[4] = {{p.x + 1, p.y}, {p.x - 1, p.y}, {p.x, p.y + 1}, {p.x, p.y - 1}};
                for (const P& q : nb) {
                    if (q.x < 0 || q.y < 0 || q.x >= W || q.y >= H) continue;
                    const std::size_t qi = std::size_t(q.y) * W + q.x;
                    if (!m(q.x, q.y) || parts.label[qi]) continue;
                    parts.label[qi] = id;
                    stack.push_back(q);
                }
            }
        }
    return parts;
}

// Traces the outer boundary of part `id` along pixel edges, clockwise on screen (inside on the
// right), starting at the top-left corner of its first pixel. Vertices are pixel corners.
std::vector<P> traceBoundary(const Parts& parts, int W, int H, int id) {
    auto inside = [&](int x, int y) {
        return x >= 0 && y >= 0 && x < W && y < H && parts.label[std::size_t(y) * W + x] == id;
    };
    // For an edge leaving corner (cx, cy) in direction d: the pixel on its right and on its left.
    auto rightPixel = [](int cx, int cy, int d) -> P {
        switch (d) {
        case 0: return {cx, cy};         // moving +x
        case 1: return {cx - 1, cy};     // moving +y
        case 2: return {cx - 1, cy - 1}; // moving -x
        default: return {cx, cy - 1};    // moving -y
        }
    };
    auto leftPixel = [](int cx, int cy, int d) -> P {
        switch (d) {
        case 0: return {cx, cy - 1};
        case 1: return {cx, cy};
        case 2: return {cx - 1, cy};
        default: return {cx - 1, cy - 1};
        }
    };
    auto isBoundary = [&](int cx, int cy, int d) {
        const P r = rightPixel(cx, cy, d), l = leftPixel(cx, cy, d);
        return inside(r.x, r.y) && !inside(l.x, l.y);
    };
    static constexpr int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    const P start = parts.start[std::size_t(id)];
    std::vector<P> ring;
    int cx = start.x, cy = start.y, d = 0;
    const std::size_t limit = 4 * std::size_t(W + 1) * std::size_t(H + 1);
    do {
        ring.push_back({cx, cy});
        cx += dx[d];
        cy += dy[d];
        // Prefer turning right (hug the part), then straight, then left.
        for (int turn : {1, 0, 3, 2}) {
            const int nd = (d + turn) % 4;
            if (isBoundary(cx, cy, nd)) {
                d = nd;
                break;
            }
        }
    } while (!(cx == start.x && cy == start.y && d == 0) && ring.size() < limit);
    return ring;
}

double segmentDistance(const AnnotationPoint& p, const AnnotationPoint& a, const AnnotationPoint& b) {
    const double vx = b.x - a.x, vy = b.y - a.y, wx = p.x - a.x, wy = p.y - a.y;
    const double len2 = vx * vx + vy * vy;
    if (len2 == 0) return std::hypot(wx, wy);
    double t = (wx * vx + wy * vy) / len2;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    return std::hypot(wx - t * vx, wy - t * vy);
}

void douglasPeucker(const std::vector<AnnotationPoint>& pts, std::size_t a, std::size_t b, double tol,
                    std::vector<char>& keep) {
    if (b <= a + 1) return;
    double worst = -1;
    std::size_t at = a;
    for (std::size_t i = a + 1; i < b; ++i) {
        const double dd = segmentDistance(pts[i], pts[a], pts[b]);
        if (dd > worst) {
            worst = dd;
            at = i;
        }
    }
    if (worst > tol) {
        keep[at] = 1;
        douglasPeucker(pts, a, at, tol, keep);
        douglasPeucker(pts, at, b, tol, keep);
    }
}

Ring simplify(const std::vector<P>& corners, double tol) {
    // Closed ring: split at the start and at the vertex farthest from it, simplify both halves.
    std::vector<AnnotationPoint> pts;
    pts.reserve(corners.size() + 1);
    for (const P& c : corners) pts.push_back({double(c.x), double(c.y)});
    const std::size_t n = pts.size();
    if (n < 4) return Ring(pts.begin(), pts.end());
    std::size_t far = 0;
    double best = -1;
    for (std::size_t i = 1; i < n; ++i) {
        const double dd = std::hypot(pts[i].x - pts[0].x, pts[i].y - pts[0].y);
        if (dd > best) {
            best = dd;
            far = i;
        }
    }
    pts.push_back(pts[0]);
    std::vector<char> keep(pts.size(), 0);
    keep[0] = keep[far] = keep[n] = 1;
    douglasPeucker(pts, 0, far, tol, keep);
    douglasPeucker(pts, far, n, tol, keep);
    Ring out;
    for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) out.push_back(pts[i]);
    return out;
}

} // namespace

std::vector<Ring> maskOutlines(const Mask& mask, int minPixels, double tolerance) {
    const Parts parts = labelParts(mask);
    std::vector<Ring> rings;
    for (std::size_t id = 1; id < parts.size.size(); ++id) {
        if (parts.size[id] < minPixels) continue;
        Ring r = simplify(traceBoundary(parts, mask.width(), mask.height(), int(id)), tolerance);
        if (r.size() >= 3) rings.push_back(std::move(r));
    }
    return rings;
}

} // namespace ll::synth
