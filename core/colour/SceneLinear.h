#pragma once
// Brings a loaded image into the reference space (scene-linear Rec.709), honouring the file's
// colour space (info.colourSpace) and, for EXR, its chromaticities attribute.
#include "colour/ColourConfig.h"
#include "image/Image.h"

namespace ll {

// `assumedSpace` overrides info.colourSpace when non-empty (e.g. "acescg" for an EXR without
// chromaticities that the user knows is ACEScg). Adds a note to info.notes when it converts.
Image toSceneLinear(Image image, const ColourConfig& colour, const std::string& assumedSpace = "");

} // namespace ll
