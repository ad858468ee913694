#pragma once
// How each map of an edit evaluation is shown: its title, what it means, the fixed value range
// (the same ranges `edit-eval --maps` uses for its PNGs, docs/edit-scores.md) and the colour table.
#include "colour/ColourConfig.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "view/ColourMaps.h"

#include <QImage>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace ll::ui {

struct EditMapStyle {
    std::string key;      // map name in the evaluation ("ssim", "fine_ncc", ...)
    QString title;        // shown in the map chooser
    QString meaning;      // one line under the colour bar
    float lo = 0, hi = 1; // colour range
    const ColourTable* table = nullptr;
};

// The maps in display order (those the spec names first).
const std::vector<EditMapStyle>& editMapStyles();
const EditMapStyle* editMapStyle(const std::string& key);

// A float map on its colour table (NaN black).
QImage mapImage(const FloatPlane& map, const EditMapStyle& style);
// Linear Rec.709 -> 8-bit sRGB display image (through the ColourConfig encoding of core/edit).
QImage displayImage(const Image& linear, const ColourConfig& colour);
// `base` dimmed, with the set pixels of `region` tinted in `tint` (e.g. the harmony ring on the edit).
QImage tintedImage(const QImage& base, const FloatPlane& region, QColor tint);

} // namespace ll::ui
