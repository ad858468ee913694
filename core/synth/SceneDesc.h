#pragma once
// The description of one synthetic room (world units: metres, y up; the camera looks along +z).
//
//   room      x in [-halfWidth, halfWidth], y in [0, height], z in [0, depth]; floor, walls, ceiling
//   boxes     one or two axis-aligned boxes on the floor, near the probe (they cast its shadows)
//   probe     a small emitting sphere (the bare bulb) on a thin square stand
//   metallic  a glossy metal plate on the floor, placed where it mirrors the probe towards the camera
//   mirror    a mirror-like panel on the right wall
//   window    a window in the left wall: sky radiance seen through it, area light for the room, and
//             (natural light) the sun shining through it
//   lamp      a ceiling lamp (artificial light)
//   fill      the indirect light, as the uniform irradiance of an ideal diffuse room (radiosity
//             estimate: power * rho / (area * (1 - rho)))
#include "synth/SynthParams.h"
#include "synth/Vec3.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ll::synth {

struct Camera {
    Vec3 position, forward, right, up;
    float tanHalfWidth = 1, tanHalfHeight = 1;
    int width = 0, height = 0;

    // Primary ray direction through the pixel position (px, py) in image coordinates
    // (x right, y down, pixel (i, j) covers [i, i+1) x [j, j+1)).
    Vec3 direction(float px, float py) const {
        const float sx = (2.0f * px / float(width) - 1.0f) * tanHalfWidth;
        const float sy = (1.0f - 2.0f * py / float(height)) * tanHalfHeight;
        return normalize(forward + right * sx + up * sy);
    }
};

struct AxisBox {
    Vec3 lo, hi;
    Vec3 albedo;
};

struct Sphere {
    Vec3 centre;
    float radius = 0.04f;
};

// An axis-aligned rectangle on one of the room's planes, in that plane's (u, v) coordinates:
// floor (x, z), left/right wall (z, y), back wall (x, y).
enum class RoomFace { Floor, Ceiling, LeftWall, RightWall, BackWall, FrontWall };
struct PlaneRect {
    RoomFace face = RoomFace::Floor;
    float u0 = 0, u1 = 0, v0 = 0, v1 = 0;
    bool contains(float u, float v) const { return u >= u0 && u <= u1 && v >= v0 && v <= v1; }
};

struct PointLight {
    Vec3 position;
    float radius = 0;   // > 0: a sphere light (soft shadows)
    Vec3 intensity;     // radiant intensity per channel (W/sr in scene units)
};

struct Sun {
    Vec3 direction;     // unit vector the light travels along (from the sun into the room)
    Vec3 irradiance;    // on a surface facing the sun
};

struct SceneDesc {
    Camera camera;
    float halfWidth = 2.5f, height = 2.8f, depth = 5.0f;
    std::vector<AxisBox> boxes;
    Sphere probe;
    AxisBox stand;                // the probe's thin stand
    PlaneRect metallic;           // on the floor
    Vec3 metalColour{0.9f, 0.75f, 0.45f};
    float metalShininess = 300;   // Blinn-Phong exponent
    PlaneRect mirror;             // on the right wall
    Vec3 mirrorReflectance{0.85f, 0.86f, 0.88f};
    PlaneRect window;             // on the left wall
    Vec3 skyRadiance;             // seen through the window; the window's area-light radiance
    std::optional<Sun> sun;
    std::optional<PointLight> lamp;
    Vec3 ambientFill;             // uniform indirect irradiance from the ambient lights
    Vec3 probeFill;               // uniform indirect irradiance from the probe

    PointLight probeLight;        // at the probe's centre
    Vec3 probeRadiance;           // emitted radiance of the lit bulb (probeLight.intensity / (pi r^2))
    Vec3 wrongProbePosition;      // where the wrong_position fault puts the light

    // Bounds of everything that casts shadows (boxes, stand, probe): a quick reject for shadow rays.
    Vec3 occluderLo, occluderHi;

    // Surface appearance.
    Vec3 floorColour, wallColour;
    std::uint64_t textureSeed = 0;
    std::string regime;           // natural, artificial, mixed
};

// Builds scene number `index` of a dataset from the parameters' seed (deterministic).
SceneDesc makeSceneDesc(const ll::SynthParams& params, int index);
// Recomputes the derived fields (occluder bounds) after the geometry was changed.
void updateDerived(SceneDesc& scene);

} // namespace ll::synth
