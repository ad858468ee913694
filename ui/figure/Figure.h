#pragma once
// Figure: something that draws itself on a page of a fixed size, in PostScript points (1/72 in).
// Exporters (FigureExport.h) set up the painter so that one unit is one point on every device
// (PDF, SVG, raster image, or a widget in the GUI) and then call paint().
#include <QImage>
#include <QPainter>
#include <QSizeF>

#include <vector>

namespace ll::figure {

// How PDF and SVG output may store a figure's photographs (FigureExport.h): as JPEG of `quality`
// (1..100) when `jpeg`, otherwise losslessly. `photos` are the images exactly as paint() draws them;
// every other image (error maps, masks, colour bars) is always stored losslessly.
struct PhotoEncoding {
    bool jpeg = false;
    int quality = 90;
    std::vector<QImage> photos;
};

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
    // Which drawn images are photographs that may be stored as JPEG (none by default).
    virtual PhotoEncoding photoEncoding() const { return {}; }
};

} // namespace ll::figure
