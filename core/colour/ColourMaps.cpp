#include "colour/ColourMaps.h"

namespace ll {

const ColourMapTable& colourMap(ColourMapName name) {
    switch (name) {
    case ColourMapName::Diverging: return colourmapdata::kRdBuReversed;
    case ColourMapName::Sequential: return colourmapdata::kViridis;
    case ColourMapName::Turbo: return colourmapdata::kTurbo;
    case ColourMapName::Inferno: return colourmapdata::kInferno;
    }
    return colourmapdata::kViridis;
}

} // namespace ll
