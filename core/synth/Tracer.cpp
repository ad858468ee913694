#include "synth/Tracer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll::synth {

float intersectBox(const Vec3& lo, const Vec3& hi, const Vec3& o, const Vec3& d, float tMin, float tMax,
                   Vec3* normal) {
    float t0 = tMin, t1 = tMax;
    int axis = -1;
    float sign = 0;
    for (int a = 0; a < 3; ++a) {
        const float inv = 1.0f / d[a];
        float tn = (lo[a] - o[a]) * inv, tf = (hi[a] - o[a]) * inv;
        float s = -1.0f; // entering through the lo face: outward normal points to -axis
        if (tn > tf) {
            std::swap(tn, tf);
            s = 1.0f;
        }
        if (tn > t0) {
            t0 = tn;
            axis = a;
            sign = s;
        }
        if (tf < t1) t1 = tf;
        if (t0 > t1) return -1.0f;
    }
    if (axis < 0) return -1.0f; // origin inside the box
    if (normal) *normal = Vec3(axis == 0 ? sign : 0.0f, axis == 1 ? sign : 0.0f, axis == 2 ? sign : 0.0f);
    return t0;
}

float intersectSphere(const Sphere& s, const Vec3& o, const Vec3& d, float tMin, float tMax) {
    const Vec3 oc = o - s.centre;
    const float b = dot(oc, d);
    const float c = dot(oc, oc) - s.radius * s.radius;
    const float disc = b * b - c;
    if (disc < 0) return -1.0f;
    const float sq = std::sqrt(disc);
    float t = -b - sq;
    if (t <= tMin) t = -b + sq;
    return (t > tMin && t < tMax) ? t : -1.0f;
}

Hit trace(const SceneDesc& sc, const Vec3& o, const Vec3& d) {
    Hit h;
    // The room: leave the box [-hw,hw] x [0,H] x [0,D] through the nearest face.
    float best = std::numeric_limits<float>::max();
    auto face = [&](float t, Surface s) {
        if (t > 0 && t < best) {
            best = t;
            h.surface = s;
        }
    };
    if (d.x > 0) face((sc.halfWidth - o.x) / d.x, Surface::RightWall);
    if (d.x < 0) face((-sc.halfWidth - o.x) / d.x, Surface::LeftWall);
    if (d.y > 0) face((sc.height - o.y) / d.y, Surface::Ceiling);
    if (d.y < 0) face((0.0f - o.y) / d.y, Surface::Floor);
    if (d.z > 0) face((sc.depth - o.z) / d.z, Surface::BackWall);
    if (d.z < 0) face((0.0f - o.z) / d.z, Surface::FrontWall);
    h.t = best;
    h.point = o + d * best;
    switch (h.surface) {
    case Surface::Floor: h.normal = {0, 1, 0}; h.u = h.point.x; h.v = h.point.z; break;
    case Surface::Ceiling: h.normal = {0, -1, 0}; h.u = h.point.x; h.v = h.point.z; break;
    case Surface::LeftWall: h.normal = {1, 0, 0}; h.u = h.point.z; h.v = h.point.y; break;
    case Surface::RightWall: h.normal = {-1, 0, 0}; h.u = h.point.z; h.v = h.point.y; break;
    case Surface::BackWall: h.normal = {0, 0, -1}; h.u = h.point.x; h.v = h.point.y; break;
    case Surface::FrontWall: h.normal = {0, 0, 1}; h.u = h.point.x; h.v = h.point.y; break;
    default: break;
    }
    const float eps = 1e-5f;
    for (std::size_t i = 0; i < sc.boxes.size(); ++i) {
        Vec3 n;
        const float t = intersectBox(sc.boxes[i].lo, sc.boxes[i].hi, o, d, eps, h.t, &n);
        if (t > 0) {
            h.t = t;
            h.normal = n;
            h.surface = Surface::Box;
            h.boxIndex = int(i);
        }
    }
    {
        Vec3 n;
        const float t = intersectBox(sc.stand.lo, sc.stand.hi, o, d, eps, h.t, &n);
        if (t > 0) {
            h.t = t;
            h.normal = n;
            h.surface = Surface::Stand;
        }
    }
    const float ts = intersectSphere(sc.probe, o, d, eps, h.t);
    if (ts > 0) {
        h.t = ts;
        h.surface = Surface::Probe;
        h.normal = normalize(o + d * ts - sc.probe.centre);
    }
    if (h.surface == Surface::Box || h.surface == Surface::Stand || h.surface == Surface::Probe) h.point = o + d * h.t;
    return h;
}

namespace {

// Whether the segment o + t d, t in [0, tMax], meets the box (the origin may lie inside).
bool segmentMeetsBox(const Vec3& lo, const Vec3& hi, const Vec3& o, const Vec3& d, float tMax) {
    float t0 = 0, t1 = tMax;
    for (int a = 0; a < 3; ++a) {
        if (d[a] == 0.0f) {
            if (o[a] < lo[a] || o[a] > hi[a]) return false;
            continue;
        }
        const float inv = 1.0f / d[a];
        float tn = (lo[a] - o[a]) * inv, tf = (hi[a] - o[a]) * inv;
        if (tn > tf) std::swap(tn, tf);
        t0 = std::max(t0, tn);
        t1 = std::min(t1, tf);
        if (t0 > t1) return false;
    }
    return true;
}

} // namespace

OccluderSet occludersNearSegment(const SceneDesc& sc, const Vec3& p, const Vec3& q, float radius, bool includeProbe) {
    OccluderSet set;
    const Vec3 seg = q - p;
    const float len = length(seg);
    if (len <= 0) return set;
    const Vec3 d = seg / len, r{radius, radius, radius};
    if (!segmentMeetsBox(sc.occluderLo - r, sc.occluderHi + r, p, d, len)) return set;
    for (std::size_t i = 0; i < sc.boxes.size() && set.boxCount < OccluderSet::kMaxBoxes; ++i)
        if (segmentMeetsBox(sc.boxes[i].lo - r, sc.boxes[i].hi + r, p, d, len)) set.boxes[set.boxCount++] = int(i);
    set.stand = segmentMeetsBox(sc.stand.lo - r, sc.stand.hi + r, p, d, len);
    if (includeProbe) {
        const Vec3 pr{sc.probe.radius + radius, sc.probe.radius + radius, sc.probe.radius + radius};
        set.probe = segmentMeetsBox(sc.probe.centre - pr, sc.probe.centre + pr, p, d, len);
    }
    return set;
}

OccluderSet occludersInBox(const SceneDesc& sc, const Vec3& lo, const Vec3& hi, bool includeProbe) {
    auto overlaps = [&](const Vec3& a, const Vec3& b) {
        return lo.x <= b.x && hi.x >= a.x && lo.y <= b.y && hi.y >= a.y && lo.z <= b.z && hi.z >= a.z;
    };
    OccluderSet set;
    if (!overlaps(sc.occluderLo, sc.occluderHi)) return set;
    for (std::size_t i = 0; i < sc.boxes.size() && set.boxCount < OccluderSet::kMaxBoxes; ++i)
        if (overlaps(sc.boxes[i].lo, sc.boxes[i].hi)) set.boxes[set.boxCount++] = int(i);
    set.stand = overlaps(sc.stand.lo, sc.stand.hi);
    if (includeProbe) {
        const Vec3 pr{sc.probe.radius, sc.probe.radius, sc.probe.radius};
        set.probe = overlaps(sc.probe.centre - pr, sc.probe.centre + pr);
    }
    return set;
}

bool occludedBy(const SceneDesc& sc, const OccluderSet& set, const Vec3& p, const Vec3& q) {
    if (set.empty()) return false;
    const Vec3 seg = q - p;
    const float len = length(seg);
    if (len <= 0) return false;
    const Vec3 d = seg / len;
    const float tMax = len * (1.0f - 1e-4f), eps = 1e-4f;
    for (int i = 0; i < set.boxCount; ++i) {
        const AxisBox& b = sc.boxes[std::size_t(set.boxes[i])];
        if (intersectBox(b.lo, b.hi, p, d, eps, tMax) > 0) return true;
    }
    if (set.stand && intersectBox(sc.stand.lo, sc.stand.hi, p, d, eps, tMax) > 0) return true;
    if (set.probe && intersectSphere(sc.probe, p, d, eps, tMax) > 0) return true;
    return false;
}

bool occluded(const SceneDesc& sc, const Vec3& p, const Vec3& q, bool includeProbe) {
    const Vec3 seg = q - p;
    const float len = length(seg);
    if (len <= 0) return false;
    const Vec3 d = seg / len;
    if (!segmentMeetsBox(sc.occluderLo, sc.occluderHi, p, d, len)) return false;
    const float tMax = len * (1.0f - 1e-4f);
    const float eps = 1e-4f;
    for (const auto& b : sc.boxes)
        if (intersectBox(b.lo, b.hi, p, d, eps, tMax) > 0) return true;
    if (intersectBox(sc.stand.lo, sc.stand.hi, p, d, eps, tMax) > 0) return true;
    if (includeProbe && intersectSphere(sc.probe, p, d, eps, tMax) > 0) return true;
    return false;
}

} // namespace ll::synth
