#pragma once
// Ray casting against a SceneDesc: analytic ray-plane (the room), ray-box and ray-sphere tests.
#include "synth/SceneDesc.h"

namespace ll::synth {

enum class Surface : unsigned char {
    None, Floor, Ceiling, LeftWall, RightWall, BackWall, FrontWall, Box, Stand, Probe
};

struct Hit {
    float t = 0;
    Vec3 point, normal;
    Surface surface = Surface::None;
    int boxIndex = -1;       // for Surface::Box
    float u = 0, v = 0;      // plane coordinates on room faces (see PlaneRect)
};

// The nearest surface along the ray (origin o, unit direction d). The room is closed, so a ray
// from inside always hits something.
Hit trace(const SceneDesc& scene, const Vec3& o, const Vec3& d);

// Whether the segment from p to q is blocked by a box, the stand or (when includeProbe) the
// probe's sphere. The room's own faces never block (the room is convex).
bool occluded(const SceneDesc& scene, const Vec3& p, const Vec3& q, bool includeProbe);

// The occluders that may block some segment of a bundle: a subset of the scene's boxes, the stand
// and the probe, found by conservative bounding tests, so that the bundle's rays test only these.
struct OccluderSet {
    static constexpr int kMaxBoxes = 8;
    int boxes[kMaxBoxes] = {};
    int boxCount = 0;
    bool stand = false;
    bool probe = false;
    bool empty() const { return boxCount == 0 && !stand && !probe; }
};
// Segments from p to points within `radius` of q.
OccluderSet occludersNearSegment(const SceneDesc& scene, const Vec3& p, const Vec3& q, float radius, bool includeProbe);
// Segments between points of the axis-aligned box [lo, hi].
OccluderSet occludersInBox(const SceneDesc& scene, const Vec3& lo, const Vec3& hi, bool includeProbe);
// occluded() restricted to a set.
bool occludedBy(const SceneDesc& scene, const OccluderSet& set, const Vec3& p, const Vec3& q);

// Ray-box slab test: entry distance in (tMin, tMax) or a negative value; `normal` receives the
// entry face's outward normal.
float intersectBox(const Vec3& lo, const Vec3& hi, const Vec3& o, const Vec3& d, float tMin, float tMax,
                   Vec3* normal = nullptr);
// Ray-sphere: nearest distance in (tMin, tMax) or a negative value.
float intersectSphere(const Sphere& s, const Vec3& o, const Vec3& d, float tMin, float tMax);

} // namespace ll::synth
