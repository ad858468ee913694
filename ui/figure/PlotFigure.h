#pragma once
// PlotFigure: one or more plot panels in rows and columns (PanelGrid.h) with a shared legend on top,
// in a paper style:
// left and bottom axes only (0.5 pt), outward ticks, light horizontal grid, Okabe-Ito colours with a
// different marker shape per series (readable in greyscale), 7 pt tick labels, 8 pt axis labels.
// Panels draw lines with markers (per-band scores, percentile curves), grouped bars (per-class scores),
// step histograms or scatter plots (markers only); line and scatter series may carry interval whiskers,
// and a panel may shade horizontal reference bands (e.g. a noise ceiling with its range, a chance line). The data comes from PlotBuilder.h (benchmark results) or from the caller.
#include "figure/Figure.h"
#include "figure/FigureStyle.h"
#include "figure/PanelGrid.h"

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace ll::figure {

enum class SeriesStyle {
    LineMarkers, // points joined by lines, a marker at each defined point (gaps at undefined ones)
    Bars,        // grouped bars at categorical x positions
    Steps,       // histogram: x holds n+1 bin edges, y n counts, drawn as an outline without fill
                 // (matplotlib's histtype="step"), each series' outline offset by a fraction of a line
                 // width so outlines that coincide stay visible side by side
    Scatter,     // markers only at numeric x (no lines)
};

struct Series {
    QString name;
    QColor colour;                        // invalid: palette colour of the series index
    int marker = -1;                      // marker shape 0..5; -1: the series index
    bool dashed = false;                  // e.g. the do-nothing baseline
    std::vector<double> x;                // categorical panels: category index 0..n-1
    std::vector<std::optional<double>> y;
    // Optional interval per point (LineMarkers and Scatter): a vertical whisker from yLow to yHigh.
    // Empty: no whiskers; otherwise the same length as y (an absent end skips the whisker).
    std::vector<std::optional<double>> yLow, yHigh;
};

// A horizontal reference across a panel: a shaded band from lo to hi (none when lo == hi) and an
// optional line, drawn under the data and named in the legend when `name` is not empty.
struct ReferenceBand {
    QString name;
    double lo = 0, hi = 0;
    std::optional<double> line;
    QColor colour = QColor(120, 120, 120);
    bool dashed = false;
};

struct Axis {
    QString label;                        // may use _ and ^ (RichLabel.h)
    std::vector<QString> categories;      // non-empty: categorical axis ("\n" splits a label in lines)
    std::optional<double> min, max;       // fixed range; otherwise from the data at nice steps
    bool includeZero = false;
    QString tickSuffix;                   // e.g. "%"
    bool log = false;                     // y only: logarithmic (non-positive values are left out, with a
                                          // note over the panel saying how many)
    bool integer = false;                 // y only: counts, ticks at whole numbers only
};

struct Panel {
    QString title;
    Axis x, y;
    SeriesStyle style = SeriesStyle::LineMarkers;
    std::vector<Series> series;
    bool zeroLine = false;                // a thin line at y = 0
    std::vector<ReferenceBand> bands;     // drawn under the series
};

struct PlotFigureData {
    QString title = QStringLiteral("LightLens plot");
    std::vector<Panel> panels;
    double widthPt = 505.0;
    double heightPt = 150.0;
    // heightPt is the height of the figure with one row of panels; each further row of panels adds
    // the same again without the legend (a default height that suits any number of rows).
    bool heightPerRow = false;
    int columns = 0;                      // panels per row; 0 with rows 0: as many as are wide enough
    int rows = 0;                         // rows of panels (instead of columns)
    bool legend = true;
    FigureStyle style;
};

class PlotFigure : public Figure {
public:
    // Throws ll::Error when there are no panels or the series do not match their axes.
    explicit PlotFigure(PlotFigureData data);
    QSizeF sizePt() const override;
    void paint(QPainter& painter) const override;
    QString title() const override { return data_.title; }

    // The plotting area (inside the axes) of panel i, in points, for a device; for tests.
    QRectF plotArea(int panel, const QPaintDevice* device) const;
    // The cell (area, axes, ticks, labels and title) of panel i.
    QRectF panelCell(int panel, const QPaintDevice* device) const;
    PanelGrid grid() const { return grid_; }
    const PlotFigureData& data() const { return data_; }

private:
    // Where one panel's parts go on a device; titles and axis labels wrapped (and shrunk only when
    // two lines are not enough) to the room they have.
    struct PanelLayout {
        QRectF cell, area;
        QStringList title, xLabel, yLabel;
        double titleScale = 1.0, xLabelScale = 1.0, yLabelScale = 1.0; // of the title / label font size
        double xTickScale = 1.0;          // categorical tick labels narrower than their slots
        int xTarget = 5, yTarget = 5;     // about how many tick intervals fit
        QString note;                     // e.g. values a log axis leaves out, drawn above the plot area
    };
    std::vector<PanelLayout> layout(const QPaintDevice* device) const;
    struct LegendEntry { QString name; QColor colour; int marker; bool dashed; SeriesStyle style; bool band = false; bool bandFill = false; };
    std::vector<LegendEntry> legendEntries() const;
    double legendHeight(const QPaintDevice* device) const;
    void paintLegend(QPainter& p) const;
    void paintPanel(QPainter& p, int index, const PanelLayout& layout) const;
    PlotFigureData data_;
    PanelGrid grid_;
    QSizeF size_;
};

// Whether series `s` of `panel` draws anything: a defined value (positive on a log axis; a histogram
// count above zero). Series that draw nothing have no legend entry.
bool seriesDrawn(const Panel& panel, const Series& s);

// Draws marker shape `shape` (0 circle, 1 square, 2 triangle up, 3 diamond, 4 triangle down,
// 5 pentagon) of diameter `size` centred at c, filled with `colour` and a white hairline edge.
void drawMarker(QPainter& p, QPointF c, int shape, double size, const QColor& colour);

} // namespace ll::figure
