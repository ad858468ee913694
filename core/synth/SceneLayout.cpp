// makeSceneDesc: the random but reproducible layout of one synthetic room.
#include "synth/Random.h"
#include "synth/SceneDesc.h"
#include "synth/SynthScene.h"

#include <algorithm>
#include <cmath>

namespace ll::synth {

namespace {

constexpr float kPi = 3.14159265358979f;

Vec3 lumNormalised(const Vec3& c) { return c / luminance(c); }

bool overlaps2d(const AxisBox& a, const AxisBox& b, float margin) {
    return a.lo.x - margin < b.hi.x && b.lo.x - margin < a.hi.x && a.lo.z - margin < b.hi.z && b.lo.z - margin < a.hi.z;
}

} // namespace

SceneDesc makeSceneDesc(const SynthParams& params, int index) {
    SceneRng rng(hashCombine(params.seed, 0x5CE7Eull, std::uint64_t(index)));
    SceneDesc s;
    static const char* regimes[3] = {"natural", "artificial", "mixed"};
    s.regime = regimes[(std::uint64_t(index) + params.seed % 3) % 3];
    s.textureSeed = hashCombine(params.seed, 0x7E47ull, std::uint64_t(index));

    // Camera: near the front wall, looking down into the room.
    const float aspect = float(params.width) / float(params.height);
    Camera& cam = s.camera;
    cam.width = params.width;
    cam.height = params.height;
    const float vfov = float(rng.uniform(52.0, 58.0)) * kPi / 180.0f;
    cam.tanHalfHeight = std::tan(vfov / 2);
    cam.tanHalfWidth = cam.tanHalfHeight * aspect;

    s.halfWidth = float(rng.uniform(1.8, 2.4));
    s.height = float(rng.uniform(2.6, 3.1));
    cam.position = {float(rng.uniform(-0.35, 0.35)), float(rng.uniform(1.35, 1.7)), 0.25f};
    // Where the side walls come into view (a little margin for the downward tilt).
    const float zSideVisible = cam.position.z + (s.halfWidth + std::abs(cam.position.x)) / (cam.tanHalfWidth * 0.92f);
    s.depth = std::max(float(rng.uniform(4.8, 6.0)), zSideVisible + 2.0f);

    // Probe on its stand, in the middle of the room.
    s.probe.radius = float(rng.uniform(0.035, 0.045));
    s.probe.centre = {float(rng.uniform(-0.7, 0.7)), float(rng.uniform(0.55, 1.05)), s.depth * float(rng.uniform(0.45, 0.58))};
    const float standHalf = 0.008f;
    s.stand = {{s.probe.centre.x - standHalf, 0.0f, s.probe.centre.z - standHalf},
               {s.probe.centre.x + standHalf, s.probe.centre.y - s.probe.radius * 0.8f, s.probe.centre.z + standHalf},
               {0.08f, 0.08f, 0.09f}};

    const Vec3 target{float(rng.uniform(-0.25, 0.25)) + 0.5f * s.probe.centre.x, float(rng.uniform(0.1, 0.35)),
                      s.depth * 0.6f};
    cam.forward = normalize(target - cam.position);
    cam.right = normalize(cross(Vec3(0, 1, 0), cam.forward));
    cam.up = cross(cam.forward, cam.right);

    // Boxes beside the probe, on alternating sides, close enough for clear shadows.
    const int nBoxes = rng.uniform() < 0.5 ? 1 : 2;
    const float side0 = rng.uniform() < 0.5 ? -1.0f : 1.0f;
    for (int b = 0; b < nBoxes; ++b) {
        for (int attempt = 0; attempt < 40; ++attempt) {
            const float sx = float(rng.uniform(0.3, 0.65)), sy = float(rng.uniform(0.25, 0.7)), sz = float(rng.uniform(0.3, 0.65));
            const float side = b == 0 ? side0 : -side0;
            const float angle = float(rng.uniform(-0.9, 0.6)); // radians from the side direction, towards the back
            const float dist = float(rng.uniform(0.5, 0.95)) + 0.5f * std::max(sx, sz);
            const float cx = s.probe.centre.x + side * dist * std::cos(angle);
            const float cz = s.probe.centre.z + dist * std::sin(-angle) * 0.8f;
            AxisBox box{{cx - sx / 2, 0.0f, cz - sz / 2}, {cx + sx / 2, sy, cz + sz / 2}, {}};
            if (box.lo.x < -s.halfWidth + 0.15f || box.hi.x > s.halfWidth - 0.15f || box.lo.z < 1.2f ||
                box.hi.z > s.depth - 0.15f)
                continue;
            if (overlaps2d(box, s.stand, 0.12f)) continue;
            bool clash = false;
            for (const auto& o : s.boxes) clash = clash || overlaps2d(box, o, 0.1f);
            if (clash) continue;
            const float hue = float(rng.uniform());
            const Vec3 palette[4] = {{0.55f, 0.22f, 0.15f}, {0.2f, 0.35f, 0.55f}, {0.25f, 0.45f, 0.22f}, {0.6f, 0.55f, 0.45f}};
            box.albedo = palette[int(hue * 4) % 4] * float(rng.uniform(0.8, 1.2));
            s.boxes.push_back(box);
            break;
        }
    }

    // Metal plate on the floor where it mirrors the bulb towards the camera.
    {
        const Vec3 mirrored{s.probe.centre.x, -s.probe.centre.y, s.probe.centre.z};
        const float t = cam.position.y / (cam.position.y + s.probe.centre.y);
        const Vec3 r = cam.position + (mirrored - cam.position) * t;
        const float w = float(rng.uniform(0.45, 0.75)), l = float(rng.uniform(0.35, 0.6));
        const float cx = r.x + float(rng.uniform(-0.12, 0.12));
        // Keep the plate inside the view: its near edge above the bottom of the image.
        const Vec3 bottom = cam.direction(float(cam.width) * 0.5f, float(cam.height) * 0.97f);
        const float zBottom = bottom.y < 0 ? cam.position.z + bottom.z * (cam.position.y / -bottom.y) : 0.0f;
        const float cz = std::max(r.z + float(rng.uniform(-0.1, 0.1)), zBottom + l / 2 + 0.05f);
        s.metallic = {RoomFace::Floor, cx - w / 2, cx + w / 2, cz - l / 2, cz + l / 2};
        const Vec3 metals[3] = {{0.95f, 0.78f, 0.45f}, {0.92f, 0.92f, 0.9f}, {0.95f, 0.64f, 0.54f}};
        s.metalColour = metals[rng.integer(0, 2)];
        s.metalShininess = float(rng.uniform(150, 500));
    }

    // Mirror on the right wall, window in the left wall, both in view.
    {
        const float z0 = zSideVisible + float(rng.uniform(0.0, 0.2));
        const float z1 = std::min(s.depth - 0.15f, z0 + float(rng.uniform(0.8, 1.3)));
        s.mirror = {RoomFace::RightWall, z0, z1, float(rng.uniform(0.45, 0.7)), float(rng.uniform(1.6, 2.0))};
        const float w0 = zSideVisible + float(rng.uniform(0.5, 0.8)); // behind the mirror: seen in it
        const float w1 = std::min(s.depth - 0.2f, w0 + float(rng.uniform(1.0, 1.5)));
        s.window = {RoomFace::LeftWall, w0, w1, float(rng.uniform(0.85, 1.0)), std::min(s.height - 0.3f, float(rng.uniform(1.9, 2.3)))};
    }

    // Surfaces.
    s.floorColour = Vec3(0.55f, 0.38f, 0.24f) * float(rng.uniform(0.8, 1.2));
    const Vec3 walls[3] = {{0.78f, 0.76f, 0.72f}, {0.7f, 0.76f, 0.7f}, {0.72f, 0.74f, 0.8f}};
    s.wallColour = walls[rng.integer(0, 2)];

    // Lights. Intensities are relative: the probe's luminous intensity is about 1.
    const Vec3 probeColour = rng.uniform() < 0.6 ? lumNormalised({1.0f, 0.8f, 0.58f}) : lumNormalised({1.0f, 0.96f, 0.9f});
    s.probeLight = {s.probe.centre, s.probe.radius, probeColour * float(rng.uniform(0.8, 1.6))};
    s.probeRadiance = s.probeLight.intensity / (kPi * s.probe.radius * s.probe.radius);

    const Vec3 daylight = lumNormalised({0.75f, 0.86f, 1.0f});
    const Vec3 warm = lumNormalised({1.0f, 0.84f, 0.64f});
    const bool natural = s.regime == "natural", artificial = s.regime == "artificial";
    float sky = natural ? float(rng.uniform(1.2, 3.0)) : artificial ? float(rng.uniform(0.01, 0.04)) : float(rng.uniform(0.6, 1.5));
    s.skyRadiance = (artificial ? lumNormalised({0.3f, 0.4f, 1.0f}) : daylight) * sky;
    if (natural && rng.uniform() < 0.7) {
        const float elev = float(rng.uniform(25, 45)) * kPi / 180.0f, az = float(rng.uniform(-0.5, 0.5));
        s.sun = Sun{normalize(Vec3(std::cos(elev) * std::cos(az), -std::sin(elev), std::cos(elev) * std::sin(az))),
                    lumNormalised({1.0f, 0.95f, 0.85f}) * float(rng.uniform(2.0, 5.0))};
    }
    if (!natural) {
        const float power = artificial ? float(rng.uniform(0.8, 2.0)) : float(rng.uniform(0.4, 1.0));
        s.lamp = PointLight{{float(rng.uniform(-0.6, 0.6)), s.height - 0.12f, s.depth * float(rng.uniform(0.3, 0.7))}, 0.06f,
                            warm * power};
    }

    // Uniform indirect light of a diffuse room with mean reflectance rho.
    const float rho = 0.45f;
    const float area = 2.0f * (2 * s.halfWidth * s.depth + 2 * s.halfWidth * s.height + s.height * s.depth);
    const float bounce = rho / (area * (1 - rho));
    const float windowArea = (s.window.u1 - s.window.u0) * (s.window.v1 - s.window.v0);
    Vec3 ambientPower = s.skyRadiance * (kPi * windowArea);
    if (s.sun) ambientPower += s.sun->irradiance * (windowArea * std::abs(s.sun->direction.x));
    if (s.lamp) ambientPower += s.lamp->intensity * (4 * kPi);
    s.ambientFill = ambientPower * bounce;
    s.probeFill = s.probeLight.intensity * (4 * kPi * bounce);

    // The wrong_position fault: the same light about a metre away.
    {
        const float a = float(rng.uniform(0, 2 * kPi)), d = float(rng.uniform(0.9, 1.4));
        Vec3 w{s.probe.centre.x + d * std::cos(a), float(rng.uniform(0.5, 1.8)), s.probe.centre.z + d * std::sin(a)};
        w.x = std::clamp(w.x, -s.halfWidth + 0.3f, s.halfWidth - 0.3f);
        w.z = std::clamp(w.z, 1.0f, s.depth - 0.3f);
        for (const auto& b : s.boxes)
            if (w.x > b.lo.x - 0.1f && w.x < b.hi.x + 0.1f && w.z > b.lo.z - 0.1f && w.z < b.hi.z + 0.1f)
                w.y = std::max(w.y, b.hi.y + 0.25f);
        s.wrongProbePosition = w;
    }
    updateDerived(s);
    return s;
}

void updateDerived(SceneDesc& s) {
    const Vec3 r{s.probe.radius, s.probe.radius, s.probe.radius};
    Vec3 lo = s.probe.centre - r, hi = s.probe.centre + r;
    auto grow = [&](const Vec3& a, const Vec3& b) {
        lo = {std::min(lo.x, a.x), std::min(lo.y, a.y), std::min(lo.z, a.z)};
        hi = {std::max(hi.x, b.x), std::max(hi.y, b.y), std::max(hi.z, b.z)};
    };
    grow(s.stand.lo, s.stand.hi);
    for (const auto& b : s.boxes) grow(b.lo, b.hi);
    const Vec3 pad{1e-3f, 1e-3f, 1e-3f};
    s.occluderLo = lo - pad;
    s.occluderHi = hi + pad;
}

} // namespace ll::synth
