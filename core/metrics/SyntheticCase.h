#pragma once
// A deterministic in-memory test case for timing the metrics (lightlens-cli bench-metrics): a room-like
// ambient image with texture, a point light with inverse-square falloff and a cast shadow added for
// I_on, an edit that reproduces the light with a different colour and exposure plus a wrong shadow,
// and a few rectangular region masks. Not a physical rendering (core/synth does that).
#include "image/Image.h"
#include "image/Plane.h"

#include <cstdint>
#include <map>
#include <string>

namespace ll {

struct SyntheticCase {
    Image on, off, edit;
    std::map<std::string, Mask> regions;
};

SyntheticCase makeSyntheticCase(int width, int height, std::uint64_t seed = 1);

} // namespace ll
