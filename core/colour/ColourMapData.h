#pragma once
// The raw tables behind colour/ColourMaps.h (generated from matplotlib by scripts/gen-colour-maps.py).
#include <array>
#include <cstdint>

namespace ll {
using ColourMapTable = std::array<std::array<std::uint8_t, 3>, 256>;
}

namespace ll::colourmapdata {
extern const ColourMapTable kViridis, kRdBuReversed, kTurbo, kInferno;
}
