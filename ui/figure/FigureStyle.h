#pragma once
// The look of every LightLens figure: one font (DejaVu Sans, loaded from its file so every machine
// draws the same glyphs), paper-sized type (7-9 pt), thin lines, and the Okabe-Ito colour-blind-safe
// palette. All lengths are in PostScript points (1/72 in), the figures' coordinate unit.
#include <QColor>
#include <QFont>
#include <QPaintDevice>
#include <QString>

#include <vector>

namespace ll::figure {

struct FigureStyle {
    double fontSize = 7.0;       // tick labels, scores, legend
    double titleSize = 8.0;      // column titles, axis labels, panel titles
    double axisWidth = 0.5;      // axes and tick marks
    double tickLength = 2.5;
    double lineWidth = 1.0;      // data lines
    double markerSize = 3.2;     // marker diameter
    double gridWidth = 0.35;     // light horizontal grid lines
    QColor text{0x22, 0x22, 0x22};
    QColor axis{0x33, 0x33, 0x33};
    QColor grid{0xdd, 0xdd, 0xdd};
};

// The figure font family. Registers DejaVu Sans (regular and bold) from the files of the Debian
// package fonts-dejavu-core the first time it is called (needs a Q(Gui)Application); falls back to
// the family name through fontconfig when the files are elsewhere. Throws ll::Error when no
// DejaVu Sans is available at all, so a figure is never silently drawn with another font.
QString figureFontFamily();

// A font of the figure family `points` tall in the figures' point coordinates when drawn on
// `device` through a painter scaled by logicalDpi/72 (see FigureCanvas.h): Qt converts point sizes
// with the device's logical DPI, so the size is corrected for it. Without a device: 72 dpi.
QFont figureFont(double points, bool bold = false, const QPaintDevice* device = nullptr);

// A paint device of 72 dpi, so text measured on it is in points: layouts that are fixed before any
// output exists (the page size, where text wraps) measure with it. Qt's "no device" means the screen,
// whose DPI differs between machines and platforms.
const QPaintDevice* pointDevice();

// Okabe & Ito (2008) colour-blind-safe palette without black: orange, sky blue, bluish green,
// yellow, blue, vermillion, reddish purple; then grey. Index wraps around.
const std::vector<QColor>& okabeIto();
QColor seriesColour(int index);

} // namespace ll::figure
