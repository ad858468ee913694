#pragma once
// Pieces of the generated material datasets the edit tests score (tests/edit/test_edit_bench.cpp,
// tests/ui/test_edit_panel.cpp): the built-in colour configuration, PNG writing through the 8-bit
// sRGB path, the blue fabric swatch used as the reference, the "good" edit (the mask re-materialised
// with the scene's shading kept) and the "sloppy" edit (the good one shifted by 3 px, with noise).
#include "EditTestImages.h"

#include "edit/Luminance.h"
#include "image/ImageIO.h"

#include <algorithm>
#include <filesystem>

namespace ll::test {

inline const ColourConfig& builtinColour() {
    static const ColourConfig c = ColourConfig::builtin();
    return c;
}

// Writes a linear image as an 8-bit sRGB PNG, creating the folder.
inline void saveSrgbPng(const Image& linear, const std::filesystem::path& p) {
    std::filesystem::create_directories(p.parent_path());
    savePng8(edit::encodeSrgb(linear, builtinColour()), p);
}

// The new material's texture.
inline const Texture& newMaterialTexture() {
    static const Texture t(303, 30, 0.2, 0.4, 0.5);
    return t;
}

// A 48x48 swatch of the new material (blue fabric), as a reference photograph.
inline Image blueFabricSwatch() {
    Image r(48, 48);
    for (int j = 0; j < 48; ++j)
        for (int i = 0; i < 48; ++i) {
            const double v = newMaterialTexture()(i + 500.5, j + 0.5);
            r.at(i, j, 0) = float(0.1 * v * 0.7);
            r.at(i, j, 1) = float(0.16 * v * 0.7);
            r.at(i, j, 2) = float(0.38 * v * 0.7);
        }
    return r;
}

// The scene with the ellipse (cx, cy, rx, ry) re-materialised in blue fabric, shading kept.
inline Image rematerialised(const Scene& s, double cx, double cy, double rx, double ry) {
    Image good = s.render();
    for (int j = 0; j < good.height(); ++j)
        for (int i = 0; i < good.width(); ++i) {
            const double a = (i + 0.5 - cx) / rx, b = (j + 0.5 - cy) / ry;
            if (a * a + b * b > 1) continue;
            const double v = newMaterialTexture()(i + 0.5, j + 0.5) * Scene::shading(i + 0.5, j + 0.5);
            good.at(i, j, 0) = float(0.1 * v);
            good.at(i, j, 1) = float(0.16 * v);
            good.at(i, j, 2) = float(0.38 * v);
        }
    return good;
}

// The good edit shifted right by 3 px with 8% multiplicative noise.
inline Image sloppyCopy(const Image& good, std::uint64_t seed) {
    Image sloppy = good;
    Rng rng(seed);
    for (int j = 0; j < good.height(); ++j)
        for (int i = 0; i < good.width(); ++i)
            for (int c = 0; c < 3; ++c)
                sloppy.at(i, j, c) = std::max(0.0f, good.at(std::max(0, i - 3), j, c) * float(1 + 0.08 * rng.normal()));
    return sloppy;
}

} // namespace ll::test
