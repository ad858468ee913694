#pragma once
// Figure: something that draws itself on a page of a fixed size, in PostScript points (1/72 in).
// Exporters (FigureExport.h) set up the painter so that one unit is one point on every device
// (PDF, SVG, raster image, or a widget in the GUI) and then call paint().
#include <QPainter>
#include <QSizeF>

namespace ll::figure {

class Figure {
public:
    virtual ~Figure() = default;
    // Page size in points (whole points, so PDF, SVG and PNG agree exactly).
    virtual QSizeF sizePt() const = 0;
    // Draws the figure with the painter's origin at the page's top-left corner, one unit = 1 pt.
    // Fonts must be made with figureFont(size, bold, painter.device()).
    virtual void paint(QPainter& painter) const = 0;
    // The document title written into PDF/SVG metadata.
    virtual QString title() const { return QStringLiteral("LightLens figure"); }
};

} // namespace ll::figure
