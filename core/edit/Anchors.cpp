#include "edit/Anchors.h"

#include "util/Error.h"

namespace ll::edit {

Image identityEdit(const Image& input) { return input; }

Image pasteEdit(const Image& input, const Mask& mask, const Image& reference) {
    if (reference.empty()) throw Error("paste anchor", "the reference is empty");
    Image out = input;
    for (int y = 0; y < input.height(); ++y)
        for (int x = 0; x < input.width(); ++x) {
            if (!mask(x, y)) continue;
            const float* r = reference.pixel(x % reference.width(), y % reference.height());
            float* d = out.pixel(x, y);
            d[0] = r[0];
            d[1] = r[1];
            d[2] = r[2];
        }
    return out;
}

} // namespace ll::edit
