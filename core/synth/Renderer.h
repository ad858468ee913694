#pragma once
// The shading pass of the synthetic generator: one primary ray per pixel (through its centre),
// inverse-square point and sphere lights with Lambert + normalised Blinn-Phong, soft shadows by
// casting rays to points on the light, the window as an area light, the sun through the window,
// a planar mirror with one reflection bounce, and a uniform indirect fill.
// Parallel over rows (TBB); every pixel is a pure function of the scene, so the result does not
// depend on the thread count.
#include "image/Plane.h"
#include "synth/SceneDesc.h"
#include "synth/SynthScene.h"

namespace ll::synth {

// Bits of RenderOutput::regionBits (what the first surface hit is / how it is lit).
enum RegionBit : std::uint8_t {
    kWindowBit = 1,
    kMirrorBit = 2,
    kMetallicBit = 4,
    kProbeShadowBit = 8,     // faces the probe but fewer than half the bulb's points are visible
    kBulbReflectionBit = 16, // a mirror pixel that shows the lit bulb
    kSunlitBit = 32,         // lit by the sun through the window
};

struct RenderOutput {
    SynthLayers layers;
    Plane<std::uint8_t> regionBits;
    FloatPlane probeSpecular;   // luminance of the probe's specular (Blinn-Phong) direct term
    FloatPlane probeDiffuse;    // luminance of the probe's diffuse direct term
};

RenderOutput renderLayers(const SceneDesc& scene, const SynthParams& params, std::uint64_t sceneSeed);

} // namespace ll::synth
