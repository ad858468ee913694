#pragma once
// Synthetic on/off scenes with known light transport: a physically based renderer of simple rooms
// (see SceneDesc.h for the scene model and docs/data-layout.md for the whole generator).
//
//   off = ambient light only (window, sun, ceiling lamp, indirect fill), plus sensor noise
//   on  = off's clean image + the probe's contribution (emission + direct + indirect), plus
//         independent sensor noise: physically additive before noise.
//
// Everything is linear Rec.709 float and a pure function of (params, scene index): byte-identical
// for the same seed, whatever the number of threads.
#include "annotations/SceneAnnotations.h"
#include "dataset/SceneMeta.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "synth/SceneDesc.h"
#include "synth/SynthParams.h"
#include "util/Task.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ll {

// The renderer's separate light layers (linear, clean).
struct SynthLayers {
    Image ambient;        // off without noise
    Image emission;       // the lit bulb itself (also seen in the mirror)
    Image probeFill;      // indirect light from the probe
    Image direct;         // the probe's direct light: inverse square, Lambert + Blinn-Phong, soft shadows
    Image directNoShadow; // the same without shadowing
    Image directFlat;     // 1/r falloff instead of 1/r^2, scaled to the same total
    Image directWrong;    // from the wrong position (SceneDesc::wrongProbePosition)
    Image albedo;         // diffuse albedo of the first surface hit (an AOV, for tests and debugging)
};

// One labelled region: a rasterised mask of what the renderer knows, and its outline polygons
// (pixel corner coordinates, simplified to within ~0.75 px; holes are not represented).
struct SynthRegion {
    std::string className; // probe_shadow, probe_highlight, metallic, mirror, window, ambient_highlight
    Mask mask;
    std::vector<Ring> polygons;
};

struct SynthScene {
    std::string name;      // "scene_000", ...
    int index = 0;
    std::uint64_t seed = 0;
    synth::SceneDesc desc;
    Image on, off;         // linear, with noise when SynthParams::noise
    SceneMeta meta;        // k (exposure for the 8-bit inputs) and regime
    SynthLayers layers;
    std::vector<SynthRegion> regions;

    const SynthRegion* region(const std::string& className) const;
    // The probe's full clean contribution: emission + probeFill + direct.
    Image probeContribution() const;
};

// The simulated models with known faults, in a fixed order:
// oracle, dim_light, no_shadow, flat_falloff, wrong_position, do_nothing.
const std::vector<std::string>& synthModelNames();

std::string synthSceneName(int index);

// Renders scene `sceneIndex`. Throws ll::Error for sizes below 16x16 or above 16384 per side.
SynthScene renderScene(const SynthParams& params, int sceneIndex);

// A simulated model's edit for a task, linear (before the 8-bit path). `seed` drives the random
// parts (oracle's exposure and white balance, dim_light's colour). Throws ll::Error for an
// unknown model name.
Image renderEdit(const SynthScene& scene, const std::string& model, Task task, std::uint64_t seed);

// The regions as annotations (polygon shapes, one per connected part) at the scene's size.
SceneAnnotations synthAnnotations(const SynthScene& scene);

} // namespace ll
