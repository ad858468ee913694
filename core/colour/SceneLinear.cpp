#include "colour/SceneLinear.h"

#include "colour/Chromaticities.h"

#include <cstdio>

namespace ll {

Image toSceneLinear(Image image, const ColourConfig& colour, const std::string& assumedSpace) {
    const std::string reference = "lin_rec709";
    if (!assumedSpace.empty()) {
        colour.convert(image, assumedSpace, reference);
        image.info.notes.push_back("converted from " + colour.canonicalName(assumedSpace) + " to linear Rec.709");
        return image;
    }
    if (image.info.chromaticities) {
        Chromaticities c;
        for (int i = 0; i < 8; ++i) c[i] = (*image.info.chromaticities)[i];
        if (!isRec709(c)) {
            if (image.info.colourSpace != reference) colour.convert(image, image.info.colourSpace, reference);
            colour.applyMatrix(image, toRec709(c));
            char buf[160];
            std::snprintf(buf, sizeof buf, "converted from primaries R(%.4g,%.4g) G(%.4g,%.4g) B(%.4g,%.4g) W(%.4g,%.4g) to linear Rec.709",
                          c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]);
            image.info.notes.push_back(buf);
            image.info.colourSpace = reference;
            return image;
        }
    }
    if (colour.canonicalName(image.info.colourSpace) != reference) {
        const std::string from = colour.canonicalName(image.info.colourSpace);
        colour.convert(image, from, reference);
        image.info.notes.push_back("linearised from " + from);
    }
    return image;
}

} // namespace ll
