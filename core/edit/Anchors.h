#pragma once
// The constructed submissions every material task is scored with (MatReplace Table 1):
//   identity  y = x (saturates preservation, structure and harmony; material at its floor)
//   paste     the reference tiled into the mask without relighting (the "sticker")
#include "image/Image.h"
#include "image/Plane.h"

namespace ll::edit {

Image identityEdit(const Image& input);
// r tiled from the image origin into the set pixels of m; x elsewhere.
Image pasteEdit(const Image& input, const Mask& mask, const Image& reference);

} // namespace ll::edit
