#include "edit/ImageViews.h"

#include "edit/Luminance.h"

namespace ll::edit {

ImageViews makeViews(const Image& linear, const ColourConfig& colour) {
    ImageViews v;
    v.srgb = encodeSrgb(linear, colour);
    v.luma = lumaOfEncoded(v.srgb);
    v.luminance = rec709Luminance(linear);
    v.lab = toLab(linear);
    return v;
}

} // namespace ll::edit
