#pragma once
// GridFigure: the qualitative figure of a paper (3DLP Fig. 3, 13, 14): a grid of image tiles, one row
// per scene or model, one column per kind of image (input, edit, real target, E_R, E_G, SIE map, LFE
// map, mask), with column titles, row labels, optional zoom insets, shared colour bars under the map
// columns and the scores under each tile (the best of a group of rows in bold).
//
// The data is plain: the caller (GridBuilder.h from a dataset, or the GUI from what is on screen)
// fills GridFigureData with full-resolution tile images; GridFigure lays them out for a page width
// and resamples each tile once to the chosen DPI (area averaging when shrinking, nearest neighbour
// when enlarging; insets always nearest neighbour), so PDF and SVG embed images of that resolution.
#include "figure/ColourMap.h"
#include "figure/Figure.h"
#include "figure/FigureStyle.h"

#include <QImage>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

namespace ll::figure {

struct TileScore {
    QString name;                 // "SIE"
    std::optional<double> value;  // "n/a" when undefined
    bool lowerIsBetter = true;
    int decimals = 3;
    bool best = false;            // drawn bold (set by markBestScores)
    bool runnerUp = false;        // drawn underlined (set by markBestScores)
};

struct GridTile {
    QImage image;                  // RGB32 at full resolution; null: a "missing" cell
    bool blank = false;            // nothing at all (e.g. a scene's input repeated below its first row)
    std::vector<TileScore> scores; // shown under the tile
};

struct GridRow {
    QString label;                 // drawn vertically left of the row; may use _ and ^ (RichLabel.h)
    std::vector<GridTile> tiles;   // one per column
    int group = 0;                 // bold best scores are decided among rows of the same group
};

struct ColourBar {
    QString label;                 // under the bar, e.g. "S(E_R) - S(E_G)"
    ColourMapKind kind = ColourMapKind::Diverging;
    ValueRange range;
    // Swatches under the bar, one per line, for colours the bar does not have (e.g. the LFE map's
    // "outside Ω80"); the first bar also gets the black "excluded" (showExcludedSwatch).
    std::vector<std::pair<QString, QColor>> keys;
    // Every pixel of the bar's tiles has a value (e.g. signed differences): the "excluded" swatch goes
    // under the first bar without this flag.
    bool coversAll = false;
};

// A key of categorical colours (e.g. why mask pixels are excluded), drawn under its column.
struct CategoryKey {
    std::vector<std::pair<QString, QColor>> entries;
};

struct GridColumn {
    QString title;                 // above the column; may use _ and ^
    int colourBar = -1;            // index into GridFigureData::colourBars, -1 for none
    int categoryKey = -1;          // index into GridFigureData::categoryKeys, -1 for none
    bool photo = false;            // photographs (input, edit, real): may be stored as JPEG
};

enum class InsetPlacement { Inside, Beside };
enum class Corner { TopLeft, TopRight, BottomLeft, BottomRight };

struct Inset {
    QRectF rect;                   // in fractions of the image: x, y, width, height in [0, 1]
    QColor colour;                 // invalid: the next Okabe-Ito colour
};

// A box around one tile (paper Fig. 8's orange and blue boxes).
struct TileHighlight {
    int row = 0, column = 0;
    QColor colour;                 // invalid: Okabe-Ito orange
};

struct GridFigureData {
    QString title = QStringLiteral("LightLens qualitative results");
    std::vector<GridColumn> columns;
    std::vector<GridRow> rows;
    std::vector<ColourBar> colourBars;
    std::vector<CategoryKey> categoryKeys;
    std::vector<Inset> insets;     // drawn on every tile of the grid
    InsetPlacement insetPlacement = InsetPlacement::Beside;
    Corner insetCorner = Corner::BottomRight; // for Inside
    double insetSize = 0.45;       // Inside: inset width as a fraction of the tile width
    std::vector<int> insetColumns; // columns that get insets; empty: all
    double widthPt = 505.0;        // page width (two-column paper: 17.8 cm)
    double dpi = 300.0;            // resolution of the embedded tiles (and of raster output)
    // Resolution of the tiles embedded in PDF and SVG when above dpi (at most kMaxTileDpi):
    // 0 = dpi; kNativeTileDpi = the source pixels. Raster output always draws the tiles at dpi.
    double tileDpi = 0.0;
    bool jpegPhotos = false;       // PDF/SVG: photo columns as JPEG (PhotoEncoding)
    int jpegQuality = 90;
    bool showExcludedSwatch = true; // a black "excluded" key under the first colour bar (not coversAll)
    std::vector<TileHighlight> highlights;
    FigureStyle style;
};

// Marks, per column, score name and group of rows, the best displayed value (after rounding to its
// decimals; ties all bold) and the second-best displayed value (underlined), as the benchmark's
// tables do. Groups with a single scored row get neither.
void markBestScores(GridFigureData& data);

inline constexpr double kNativeTileDpi = -1.0;
inline constexpr double kMaxTileDpi = 2400.0;

class GridFigure : public Figure {
public:
    // Throws ll::Error when rows and columns do not match or the data cannot be laid out.
    explicit GridFigure(GridFigureData data);

    QSizeF sizePt() const override { return size_; }
    void paint(QPainter& painter) const override;
    QString title() const override { return data_.title; }
    PhotoEncoding photoEncoding() const override;

    // Where the layout put things (points), for tests and for the GUI's hit testing.
    QRectF tileRect(int row, int column) const;
    const GridFigureData& data() const { return data_; }

private:
    // Text fitted to its room: the lines and the scale of the font size they are drawn at.
    struct FittedText {
        QStringList lines;
        double scale = 1.0;
    };
    // The scores under a tile: indices into its scores per line, and the font scale.
    struct ScoreLines {
        std::vector<std::vector<int>> lines;
        double scale = 1.0;
    };
    struct Layout {
        double left = 0, top = 0, tileW = 0, tileH = 0, cellW = 0, colGap = 0, rowGap = 0;
        double scoreH = 0, insetW = 0, insetH = 0, barTop = 0;
        int insetsBeside = 0;
        std::vector<FittedText> rowLabels, columnTitles, barLabels; // per row, column, colour bar
        std::vector<double> keyScales;                              // per category key
        std::vector<std::vector<QStringList>> keyLines;             // [key][entry]: wrapped to the column
        std::vector<std::vector<ScoreLines>> scores;                // [row][column]
    };
    void layout();
    bool columnHasInsets(int column) const;
    double columnSpan(int column) const; // a tile with its insets beside it
    void paintTile(QPainter& p, int row, int column) const;
    void paintColourBars(QPainter& p) const;
    void paintCategoryKeys(QPainter& p) const;
    void paintHighlights(QPainter& p) const;
    int excludedSwatchBar() const; // the bar the "excluded" swatch goes under, -1 for none

    GridFigureData data_;
    Layout l_;
    QSizeF size_;
    std::vector<std::vector<QImage>> scaled_;            // [row][column] at dpi
    std::vector<std::vector<std::vector<QImage>>> crops_; // [row][column][inset] at dpi
    // At the tile resolution (tileDpi above dpi, or native) for vector output; empty when the same.
    std::vector<std::vector<QImage>> scaledHi_;
    std::vector<std::vector<std::vector<QImage>>> cropsHi_;
    void resampleTiles(double dpi, bool native, std::vector<std::vector<QImage>>& tiles,
                       std::vector<std::vector<std::vector<QImage>>>& crops) const;};

} // namespace ll::figure
