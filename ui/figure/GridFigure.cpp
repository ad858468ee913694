#include "figure/GridFigure.h"

#include "figure/ColourBarTicks.h"
#include "figure/NumberText.h"
#include "figure/RichLabel.h"
#include "figure/TextMetrics.h"
#include "util/Error.h"

#include <QPaintEngine>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ll::figure {

namespace {

constexpr double kColGap = 2.0;       // between columns
constexpr double kRowGap = 2.5;       // between rows (below the score line)
constexpr double kInsetGap = 1.5;     // between a tile and its insets, and between insets
constexpr double kBarHeight = 4.5;
constexpr double kPad = 1.0;          // page margin
constexpr double kMinTextPoints = 5.0; // text shrinks to fit only as a last resort, never below this
constexpr double kLineSpacing = 1.2;   // of the font size, between wrapped lines
constexpr int kMaxRowLabelLines = 4;

QImage resampleTo(const QImage& src, int w, int h, bool nearest) {
    if (src.isNull() || w <= 0 || h <= 0) return {};
    if (src.width() == w && src.height() == h) return src.convertToFormat(QImage::Format_RGB32);
    const bool enlarge = w > src.width() || h > src.height();
    const Qt::TransformationMode mode = (nearest || enlarge) ? Qt::FastTransformation : Qt::SmoothTransformation;
    return src.convertToFormat(QImage::Format_RGB32).scaled(w, h, Qt::IgnoreAspectRatio, mode);
}

int pixels(double points, double dpi) { return std::max(1, int(std::lround(points / 72.0 * dpi))); }

QRect cropPixels(const QRectF& f, const QImage& img) {
    const int x0 = std::clamp(int(std::floor(f.x() * img.width())), 0, img.width() - 1);
    const int y0 = std::clamp(int(std::floor(f.y() * img.height())), 0, img.height() - 1);
    const int x1 = std::clamp(int(std::ceil((f.x() + f.width()) * img.width())), x0 + 1, img.width());
    const int y1 = std::clamp(int(std::ceil((f.y() + f.height()) * img.height())), y0 + 1, img.height());
    return QRect(x0, y0, x1 - x0, y1 - y0);
}

QString scoreText(const TileScore& s) { return s.name + QStringLiteral(" ") + fixedText(s.value, s.decimals); }

QColor insetColour(const Inset& inset, int index) {
    return inset.colour.isValid() ? inset.colour : seriesColour(index);
}

} // namespace

void markBestScores(GridFigureData& data) {
    // key: column, group, score name -> rows holding a value, with the displayed value
    struct Entry { std::size_t row; std::size_t item; double shown; };
    std::map<std::tuple<std::size_t, int, QString>, std::vector<Entry>> groups;
    for (std::size_t r = 0; r < data.rows.size(); ++r)
        for (std::size_t c = 0; c < data.rows[r].tiles.size(); ++c)
            for (std::size_t i = 0; i < data.rows[r].tiles[c].scores.size(); ++i) {
                auto& s = data.rows[r].tiles[c].scores[i];
                s.best = false;
                s.runnerUp = false;
                if (!s.value || !std::isfinite(*s.value)) continue;
                const double scale = std::pow(10.0, s.decimals);
                groups[{c, data.rows[r].group, s.name}].push_back({r, i, std::round(*s.value * scale) / scale});
            }
    for (auto& [key, entries] : groups) {
        if (entries.size() < 2) continue;
        const std::size_t c = std::get<0>(key);
        const bool lower = data.rows[entries[0].row].tiles[c].scores[entries[0].item].lowerIsBetter;
        // Distinct displayed values, best first: ties share their rank (bench::emphasis does the same).
        std::vector<double> shown;
        for (const auto& e : entries) shown.push_back(e.shown);
        std::sort(shown.begin(), shown.end());
        shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
        if (!lower) std::reverse(shown.begin(), shown.end());
        for (const auto& e : entries) {
            auto& s = data.rows[e.row].tiles[c].scores[e.item];
            s.best = e.shown == shown[0];
            s.runnerUp = shown.size() > 1 && e.shown == shown[1];
        }
    }
}

GridFigure::GridFigure(GridFigureData data) : data_(std::move(data)) {
    if (data_.columns.empty() || data_.rows.empty()) throw ll::Error("figure", "a grid needs at least one row and one column");
    for (const auto& row : data_.rows)
        if (row.tiles.size() != data_.columns.size())
            throw ll::Error("figure", "row '" + row.label.toStdString() + "' has " + std::to_string(row.tiles.size()) +
                                          " tiles for " + std::to_string(data_.columns.size()) + " columns");
    for (const auto& col : data_.columns)
        if (col.colourBar >= int(data_.colourBars.size()) || col.categoryKey >= int(data_.categoryKeys.size()))
            throw ll::Error("figure", "column '" + col.title.toStdString() + "' refers to a missing colour bar or key");
    for (const auto& in : data_.insets) {
        const QRectF& r = in.rect;
        if (!(r.x() >= 0 && r.y() >= 0 && r.width() > 0 && r.height() > 0 && r.right() <= 1.0 + 1e-9 && r.bottom() <= 1.0 + 1e-9))
            throw ll::Error("figure", "inset rectangles are fractions of the image: x, y >= 0, width, height > 0, x + width <= 1, y + height <= 1");
    }
    for (const auto& h : data_.highlights)
        if (h.row < 0 || h.row >= int(data_.rows.size()) || h.column < 0 || h.column >= int(data_.columns.size()))
            throw ll::Error("figure", "highlight (row " + std::to_string(h.row) + ", column " + std::to_string(h.column) +
                                          ") is outside the grid of " + std::to_string(data_.rows.size()) + " rows and " +
                                          std::to_string(data_.columns.size()) + " columns");
    if (!(data_.dpi >= 10 && data_.dpi <= 2400)) throw ll::Error("figure", "dpi must be in 10..2400");
    if (!(data_.tileDpi == 0.0 || data_.tileDpi == kNativeTileDpi || (data_.tileDpi >= 10 && data_.tileDpi <= kMaxTileDpi)))
        throw ll::Error("figure", "tile dpi must be in 10..2400 or native");
    if (!(data_.jpegQuality >= 1 && data_.jpegQuality <= 100)) throw ll::Error("figure", "JPEG quality must be in 1..100");
    if (!(data_.widthPt >= 36 && data_.widthPt <= 14400)) throw ll::Error("figure", "figure width must be 0.5 to 200 inches");
    layout();
}

bool GridFigure::columnHasInsets(int column) const {
    if (data_.insets.empty()) return false;
    if (data_.insetColumns.empty()) return true;
    return std::find(data_.insetColumns.begin(), data_.insetColumns.end(), column) != data_.insetColumns.end();
}

void GridFigure::layout() {
    const FigureStyle& st = data_.style;
    const QPaintDevice* device = pointDevice(); // measures in points
    const int nc = int(data_.columns.size());
    const int nr = int(data_.rows.size());

    // Aspect (height / width) of the images: from the first non-empty tile.
    double aspect = 2.0 / 3.0;
    QSize firstSize;
    for (const auto& row : data_.rows) {
        for (const auto& t : row.tiles)
            if (!t.image.isNull() && !t.blank) {
                firstSize = t.image.size();
                aspect = double(firstSize.height()) / double(firstSize.width());
                break;
            }
        if (firstSize.isValid()) break;
    }

    bool anyLabel = false, anyTitle = false, anyScore = false;
    for (const auto& r : data_.rows) {
        anyLabel |= !r.label.isEmpty();
        for (const auto& t : r.tiles) anyScore |= !t.scores.empty();
    }
    for (const auto& c : data_.columns) anyTitle |= !c.title.isEmpty();

    const double width = std::round(data_.widthPt);
    l_.colGap = kColGap;
    l_.rowGap = kRowGap;

    // Insets beside the tile: k panels stacked in the tile's height, each as wide as its crop's aspect
    // needs; the extra width is linear in the tile width, so solve for the tile width directly.
    int m = 0;
    for (int c = 0; c < nc; ++c) m += columnHasInsets(c) ? 1 : 0;
    const int k = int(data_.insets.size());
    double cmax = 0.0; // widest crop aspect (width / height) in pixels of the first image
    for (const auto& in : data_.insets) {
        const double w = in.rect.width() * (firstSize.isValid() ? firstSize.width() : 3.0);
        const double h = in.rect.height() * (firstSize.isValid() ? firstSize.height() : 2.0);
        cmax = std::max(cmax, w / h);
    }
    const bool beside = data_.insetPlacement == InsetPlacement::Beside && k > 0 && m > 0;
    l_.insetsBeside = beside ? k : 0;

    // Row labels run vertically beside their row: they wrap onto more lines (at the normal size) when
    // longer than the row is high, and each line takes width from the tiles. Two rounds settle it
    // (a narrower tile can need one more line); the count only grows, so it ends. Scores are fitted to the
    // tile width in the same rounds.
    const QFont titleFont = figureFont(st.titleSize, false, device);
    const QFont normal = figureFont(st.fontSize, false, device), bold = figureFont(st.fontSize, true, device);
    const TextMetrics mn(normal, device), mb(bold, device);
    const double minTitleScale = kMinTextPoints / st.titleSize;
    int labelLines = anyLabel ? 1 : 0;
    for (int round = 0; round <= kMaxRowLabelLines; ++round) {
        l_.left = kPad + (anyLabel ? labelLines * st.titleSize * kLineSpacing + 2.0 : 0.0);
        const double avail = width - l_.left - kPad - (nc - 1) * kColGap;
        double tileW = 0.0;
        if (beside) {
            const double constPart = kInsetGap - (k - 1) * kInsetGap * cmax / k;
            tileW = (avail - m * constPart) / (nc + m * aspect * cmax / k);
            l_.insetH = (aspect * tileW - (k - 1) * kInsetGap) / k;
            l_.insetW = l_.insetH * cmax;
        } else {
            tileW = avail / nc;
        }
        if (!(tileW > 4.0) || (beside && !(l_.insetH > 2.0)))
            throw ll::Error("figure", "the grid does not fit the page width (too many columns or insets)");
        l_.tileW = tileW;
        l_.tileH = tileW * aspect;
        // Scores: side by side when they fit the tile, else one per line; a single score wider than its
        // tile is set smaller (never below 5 pt).
        l_.scores.assign(std::size_t(nr), std::vector<ScoreLines>(std::size_t(nc)));
        int scoreLines = 0;
        for (int r = 0; r < nr; ++r)
            for (int c = 0; c < nc; ++c) {
                const auto& scores = data_.rows[std::size_t(r)].tiles[std::size_t(c)].scores;
                if (scores.empty()) continue;
                ScoreLines& sl = l_.scores[std::size_t(r)][std::size_t(c)];
                std::vector<double> widths;
                for (const auto& sc : scores) widths.push_back((sc.best ? mb : mn).horizontalAdvance(scoreText(sc)));
                const double widest = *std::max_element(widths.begin(), widths.end());
                if (widest > l_.tileW) sl.scale = std::max(kMinTextPoints / st.fontSize, l_.tileW / widest);
                const double sep = mn.horizontalAdvance(QStringLiteral("  ")) * sl.scale;
                double lineW = 0.0;
                for (int i = 0; i < int(scores.size()); ++i) {
                    const double w = widths[std::size_t(i)] * sl.scale;
                    if (sl.lines.empty() || lineW + sep + w > l_.tileW) {
                        sl.lines.push_back({i});
                        lineW = w;
                    } else {
                        sl.lines.back().push_back(i);
                        lineW += sep + w;
                    }
                }
                scoreLines = std::max(scoreLines, int(sl.lines.size()));
            }
        l_.scoreH = anyScore ? st.fontSize * (0.1 + std::max(1, scoreLines) * kLineSpacing) + 0.5 : 0.0;

        l_.rowLabels.assign(std::size_t(nr), FittedText{});
        int need = anyLabel ? 1 : 0;
        for (int r = 0; r < nr; ++r) {
            const QString& label = data_.rows[std::size_t(r)].label;
            if (label.isEmpty()) continue;
            QFont f = titleFont;
            FittedText& t = l_.rowLabels[std::size_t(r)];
            // The row's height with its score lines: a label that long still keeps a row gap from the next.
            t.lines = fitLabel(label, f, device, l_.tileH + l_.scoreH, kMaxRowLabelLines, minTitleScale);
            t.scale = f.pointSizeF() / titleFont.pointSizeF();
            need = std::max(need, int(t.lines.size()));
        }
        if (need <= labelLines) break;
        labelLines = need;
    }

    // Column titles: up to two lines over the column and its insets.
    l_.columnTitles.assign(std::size_t(nc), FittedText{});
    int titleLines = 0;
    for (int c = 0; c < nc; ++c) {
        const QString& title = data_.columns[std::size_t(c)].title;
        if (title.isEmpty()) continue;
        QFont f = titleFont;
        FittedText& t = l_.columnTitles[std::size_t(c)];
        t.lines = fitLabel(title, f, device, columnSpan(c) + kColGap, 2, minTitleScale);
        t.scale = f.pointSizeF() / titleFont.pointSizeF();
        titleLines = std::max(titleLines, int(t.lines.size()));
    }
    l_.top = kPad + (anyTitle ? st.titleSize * (0.1 + titleLines * kLineSpacing) + 2.0 : 0.0);

    // Colour-bar labels: up to two lines under the columns of the bar; category keys shrink to their column.
    l_.barLabels.assign(data_.colourBars.size(), FittedText{});
    int barLines = 1;
    for (std::size_t b = 0; b < data_.colourBars.size(); ++b) {
        double x0 = 1e300, x1 = -1e300;
        for (int c = 0; c < nc; ++c)
            if (data_.columns[std::size_t(c)].colourBar == int(b)) {
                x0 = std::min(x0, tileRect(0, c).left());
                x1 = std::max(x1, tileRect(0, c).left() + columnSpan(c)); // with its insets
            }
        if (x0 > x1) continue;
        QFont f = normal;
        FittedText& t = l_.barLabels[b];
        t.lines = fitLabel(data_.colourBars[b].label, f, device, x1 - x0 + kColGap, 2, kMinTextPoints / st.fontSize);
        t.scale = f.pointSizeF() / normal.pointSizeF();
        barLines = std::max(barLines, int(t.lines.size()));
    }
    // Category keys: shrunk to their column, then (at the smallest size) wrapped at spaces.
    l_.keyScales.assign(data_.categoryKeys.size(), 1.0);
    l_.keyLines.assign(data_.categoryKeys.size(), {});
    double keyHeight = 0.0;
    for (int c = 0; c < nc; ++c) {
        const int key = data_.columns[std::size_t(c)].categoryKey;
        if (key < 0) continue;
        const double sw = st.fontSize * 0.75;
        double widest = 0.0;
        for (const auto& e : data_.categoryKeys[std::size_t(key)].entries) widest = std::max(widest, mn.horizontalAdvance(e.first));
        const double avail = columnSpan(c) + kColGap - sw - 2.0;
        if (widest > avail) l_.keyScales[std::size_t(key)] = std::max(kMinTextPoints / st.fontSize, avail / widest);
        QFont f = normal;
        f.setPointSizeF(normal.pointSizeF() * l_.keyScales[std::size_t(key)]);
        double h = 0.0;
        for (const auto& e : data_.categoryKeys[std::size_t(key)].entries) {
            l_.keyLines[std::size_t(key)].push_back(wrapLabel(e.first, f, device, avail));
            h += st.fontSize * 1.25 + (l_.keyLines[std::size_t(key)].back().size() - 1) * st.fontSize * kLineSpacing;
        }
        keyHeight = std::max(keyHeight, h);
    }

    double y = l_.top + nr * (l_.tileH + l_.scoreH) + (nr - 1) * l_.rowGap;
    l_.barTop = y + 4.0;
    double height = y + kPad;
    bool anyBar = false;
    for (const auto& c : data_.columns) anyBar |= c.colourBar >= 0;
    if (anyBar) {
        double h = l_.barTop + kBarHeight + st.tickLength + st.fontSize * 1.2 + st.fontSize * 1.35 +
                   (barLines - 1) * st.fontSize * kLineSpacing + kPad + 1.0;
        // The most swatches under one bar ("excluded" under the first, each bar's own keys).
        std::size_t swatches = 0;
        const int excludedBar = excludedSwatchBar();
        for (std::size_t b = 0; b < data_.colourBars.size(); ++b) {
            bool used = false;
            for (const auto& c : data_.columns) used |= c.colourBar == int(b);
            if (!used) continue;
            swatches = std::max(swatches, data_.colourBars[b].keys.size() + (int(b) == excludedBar ? 1 : 0));
        }
        h += double(swatches) * st.fontSize * 1.3;
        height = std::max(height, h);
    }
    if (keyHeight > 0) height = std::max(height, l_.barTop + keyHeight + kPad + 1.0);
    size_ = QSizeF(width, std::ceil(height));

    // Resample tiles and crops once, at the figure's DPI, and for vector output also at the tile DPI.
    resampleTiles(data_.dpi, false, scaled_, crops_);
    scaledHi_.clear();
    cropsHi_.clear();
    const bool native = data_.tileDpi == kNativeTileDpi;
    const double hi = std::min(kMaxTileDpi, data_.tileDpi);
    if (native || hi > data_.dpi) resampleTiles(native ? data_.dpi : hi, native, scaledHi_, cropsHi_);
}

void GridFigure::resampleTiles(double dpi, bool native, std::vector<std::vector<QImage>>& tiles,
                               std::vector<std::vector<std::vector<QImage>>>& crops) const {
    const int nc = int(data_.columns.size());
    const int nr = int(data_.rows.size());
    const bool beside = l_.insetsBeside > 0;
    // Native: the source's pixels, but never fewer than at the page dpi nor more than at kMaxTileDpi.
    auto size = [&](double wPt, double hPt, QSize source) {
        if (!native) return QSize(pixels(wPt, dpi), pixels(hPt, dpi));
        const int w = std::clamp(source.width(), pixels(wPt, data_.dpi), pixels(wPt, kMaxTileDpi));
        const int h = w == source.width() ? source.height()
                                          : std::max(1, int(std::lround(double(w) * source.height() / source.width())));
        return QSize(w, h);
    };
    tiles.assign(std::size_t(nr), std::vector<QImage>(std::size_t(nc)));
    crops.assign(std::size_t(nr), std::vector<std::vector<QImage>>(std::size_t(nc)));
    for (int r = 0; r < nr; ++r)
        for (int c = 0; c < nc; ++c) {
            const QImage& src = data_.rows[std::size_t(r)].tiles[std::size_t(c)].image;
            if (src.isNull() || data_.rows[std::size_t(r)].tiles[std::size_t(c)].blank) continue;
            const QSize ts = size(l_.tileW, l_.tileH, src.size());
            tiles[std::size_t(r)][std::size_t(c)] = resampleTo(src, ts.width(), ts.height(), false);
            if (!columnHasInsets(c)) continue;
            for (const auto& in : data_.insets) {
                const QRect px = cropPixels(in.rect, src);
                double pw = 0, ph = 0;
                if (beside) {
                    ph = l_.insetH;
                    pw = ph * double(px.width()) / double(px.height());
                } else {
                    pw = data_.insetSize * l_.tileW;
                    ph = pw * double(px.height()) / double(px.width());
                }
                const QSize cs = size(pw, ph, px.size());
                crops[std::size_t(r)][std::size_t(c)].push_back(resampleTo(src.copy(px), cs.width(), cs.height(), true));
            }
        }
}

PhotoEncoding GridFigure::photoEncoding() const {
    PhotoEncoding e;
    e.jpeg = data_.jpegPhotos;
    e.quality = data_.jpegQuality;
    if (!e.jpeg) return e;
    const auto& tiles = scaledHi_.empty() ? scaled_ : scaledHi_;
    const auto& crops = cropsHi_.empty() ? crops_ : cropsHi_;
    for (std::size_t r = 0; r < tiles.size(); ++r)
        for (std::size_t c = 0; c < data_.columns.size(); ++c) {
            if (!data_.columns[c].photo) continue;
            if (!tiles[r][c].isNull()) e.photos.push_back(tiles[r][c]);
            for (const QImage& crop : crops[r][c]) e.photos.push_back(crop);
        }
    return e;
}

double GridFigure::columnSpan(int column) const {
    return l_.tileW + (l_.insetsBeside && columnHasInsets(column) ? kInsetGap + l_.insetW : 0.0);
}

QRectF GridFigure::tileRect(int row, int column) const {
    double x = l_.left;
    for (int c = 0; c < column; ++c)
        x += l_.tileW + (l_.insetsBeside && columnHasInsets(c) ? kInsetGap + l_.insetW : 0.0) + l_.colGap;
    const double y = l_.top + row * (l_.tileH + l_.scoreH + l_.rowGap);
    return QRectF(x, y, l_.tileW, l_.tileH);
}

void GridFigure::paintTile(QPainter& p, int row, int column) const {
    const FigureStyle& st = data_.style;
    const QRectF r = tileRect(row, column);
    const GridTile& tile = data_.rows[std::size_t(row)].tiles[std::size_t(column)];
    if (tile.blank) return;
    // PDF and SVG embed the tiles at the tile resolution; raster output draws them at the page dpi.
    const QPaintEngine* engine = p.paintEngine();
    const bool hiRes = engine && (engine->type() == QPaintEngine::Pdf || engine->type() == QPaintEngine::SVG) && !scaledHi_.empty();
    const QImage& img = (hiRes ? scaledHi_ : scaled_)[std::size_t(row)][std::size_t(column)];
    if (!img.isNull()) {
        p.drawImage(r, img);
    } else {
        p.setPen(QPen(st.grid, st.axisWidth));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        p.setFont(figureFont(st.fontSize, false, p.device()));
        p.setPen(st.text);
        drawLabel(p, r.center().x(), r.center().y() + st.fontSize * 0.35, QStringLiteral("missing"),
                  figureFont(st.fontSize, false, p.device()), HAlign::Centre);
    }

    // Insets: the outline on the tile and the magnified crop beside or inside it.
    const auto& crops = crops_[std::size_t(row)][std::size_t(column)];
    double stackY = r.top();
    double insideOffset = 0.0;
    for (std::size_t i = 0; i < crops.size(); ++i) {
        const Inset& in = data_.insets[i];
        const QColor colour = insetColour(in, int(i));
        const QRectF outline(r.x() + in.rect.x() * r.width(), r.y() + in.rect.y() * r.height(),
                             in.rect.width() * r.width(), in.rect.height() * r.height());
        const double pw = double(crops[i].width()) / data_.dpi * 72.0;
        const double ph = double(crops[i].height()) / data_.dpi * 72.0;
        QRectF panel;
        if (l_.insetsBeside) {
            panel = QRectF(r.right() + kInsetGap, stackY, pw, ph);
            stackY += ph + kInsetGap;
        } else {
            const double m = 1.0;
            const bool right = data_.insetCorner == Corner::TopRight || data_.insetCorner == Corner::BottomRight;
            const bool bottom = data_.insetCorner == Corner::BottomLeft || data_.insetCorner == Corner::BottomRight;
            const double x = right ? r.right() - m - pw : r.left() + m;
            const double yy = bottom ? r.bottom() - m - ph - insideOffset : r.top() + m + insideOffset;
            panel = QRectF(x, yy, pw, ph);
            insideOffset += ph + kInsetGap;
        }
        p.drawImage(panel, hiRes ? cropsHi_[std::size_t(row)][std::size_t(column)][i] : crops[i]);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colour, 0.8, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(outline);
        p.setPen(QPen(colour, 1.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(panel.adjusted(0.5, 0.5, -0.5, -0.5));
    }

    // Scores under the tile, centred line by line, the best in bold and the runner-up underlined.
    const ScoreLines& sl = l_.scores[std::size_t(row)][std::size_t(column)];
    if (!tile.scores.empty()) {
        const QFont normal0 = figureFont(st.fontSize, false, p.device());
        const QFont bold0 = figureFont(st.fontSize, true, p.device());
        double baseline = r.bottom() + st.fontSize * 1.05;
        p.setPen(st.text);
        for (const auto& line : sl.lines) {
            QFont normal = normal0, bold = bold0;
            normal.setPointSizeF(normal0.pointSizeF() * sl.scale);
            bold.setPointSizeF(bold0.pointSizeF() * sl.scale);
            auto lineWidth = [&] {
                const TextMetrics mn(normal, p.device()), mb(bold, p.device());
                double total = mn.horizontalAdvance(QStringLiteral("  ")) * double(line.size() - 1);
                for (int i : line) total += (tile.scores[std::size_t(i)].best ? mb : mn).horizontalAdvance(scoreText(tile.scores[std::size_t(i)]));
                return total;
            };
            // Text widths on this device can differ slightly from the layout's (glyph advances round
            // differently at other sizes): a line that came out wider than its tile is set smaller.
            double total = lineWidth();
            if (total > r.width()) {
                const double f = std::max(kMinTextPoints / (st.fontSize * sl.scale), r.width() / total);
                normal.setPointSizeF(normal.pointSizeF() * f);
                bold.setPointSizeF(bold.pointSizeF() * f);
                total = lineWidth();
            }
            const TextMetrics mn(normal, p.device()), mb(bold, p.device());
            const double sep = mn.horizontalAdvance(QStringLiteral("  "));
            double x = r.center().x() - total / 2.0;
            for (int i : line) {
                const TileScore& s = tile.scores[std::size_t(i)];
                const QString text = scoreText(s);
                drawPlainText(p, x, baseline, text, s.best ? bold : normal, HAlign::Left);
                const double w = (s.best ? mb : mn).horizontalAdvance(text);
                if (s.runnerUp) {
                    // Clear of the digits' baseline (the font's own underline position almost touches it).
                    const double uy = baseline + 0.13 * mn.ascent();
                    p.setPen(QPen(st.text, 0.4, Qt::SolidLine, Qt::FlatCap));
                    p.drawLine(QPointF(x, uy), QPointF(x + w, uy));
                    p.setPen(st.text);
                }
                x += w + sep;
            }
            baseline += st.fontSize * kLineSpacing;
        }
    }
}

void GridFigure::paintColourBars(QPainter& p) const {
    const FigureStyle& st = data_.style;
    const QFont font = figureFont(st.fontSize, false, p.device());
    const TextMetrics fm(font, p.device());
    const int excludedBar = excludedSwatchBar();
    for (std::size_t b = 0; b < data_.colourBars.size(); ++b) {
        double x0 = 1e300, x1 = -1e300;
        for (int c = 0; c < int(data_.columns.size()); ++c)
            if (data_.columns[std::size_t(c)].colourBar == int(b)) {
                const QRectF r = tileRect(0, c);
                x0 = std::min(x0, r.left());
                x1 = std::max(x1, r.left() + columnSpan(c)); // the bar may run under the insets too
            }
        if (x0 > x1) continue;
        const ColourBar& bar = data_.colourBars[b];
        const double span = x1 - x0;
        // Narrow columns (one-column figures) give the bar nearly all their width, for room between labels.
        const double bw = std::min(span * (span < 80.0 ? 0.95 : 0.72), 150.0);
        const double bx = (x0 + x1) / 2.0 - bw / 2.0;
        const double by = l_.barTop;
        QImage ramp(256, 1, QImage::Format_RGB32);
        for (int i = 0; i < 256; ++i) ramp.setPixel(i, 0, colourTable(bar.kind)[std::size_t(i)] | 0xff000000u);
        p.drawImage(QRectF(bx, by, bw, kBarHeight), ramp);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(st.axis, st.axisWidth * 0.8));
        p.drawRect(QRectF(bx, by, bw, kBarHeight));

        // Ticks at rounded values inside the bar's range (the range itself stays the data's): the
        // most that leave a gap between their labels.
        const double lo = bar.range.lo, hi = bar.range.hi;
        const ColourBarTicks bt = colourBarTicks(bar.range, bw, font, p.device(), kMinTextPoints / st.fontSize);
        QFont tickFont = font;
        tickFont.setPointSizeF(font.pointSizeF() * bt.fontScale);
        const double tickBase = by + kBarHeight;
        const double labelBase = tickBase + st.tickLength + fm.ascent();
        for (double v : bt.ticks.values) {
            const double x = bx + (v - lo) / (hi - lo) * bw;
            p.setPen(QPen(st.axis, st.axisWidth));
            p.drawLine(QPointF(x, tickBase), QPointF(x, tickBase + st.tickLength));
            p.setPen(st.text);
            drawLabel(p, x, labelBase, tickText(v, bt.ticks.step), tickFont, HAlign::Centre);
        }
        // The label, wrapped (or shrunk) to the span of its columns by the layout.
        const FittedText& fitted = l_.barLabels[b];
        QFont lf = font;
        lf.setPointSizeF(font.pointSizeF() * fitted.scale);
        double labelY = labelBase + st.fontSize * 1.35;
        p.setPen(st.text);
        for (int i = 0; i < int(fitted.lines.size()); ++i) {
            if (i > 0) labelY += st.fontSize * kLineSpacing;
            drawLabel(p, (x0 + x1) / 2.0, labelY, fitted.lines[i], lf, HAlign::Centre);
        }

        std::vector<std::pair<QString, QColor>> keys;
        if (int(b) == excludedBar) keys.push_back({QStringLiteral("excluded"), Qt::black});
        keys.insert(keys.end(), bar.keys.begin(), bar.keys.end());
        double base = labelY;
        for (const auto& [text, colour] : keys) {
            const double sw = st.fontSize * 0.75;
            // Kept under the bar's columns (a key may stand under the next column): smaller if need be.
            QFont swatchFont = font;
            const double room = x1 - x0 + kColGap - sw - 2.0;
            if (fm.horizontalAdvance(text) > room)
                swatchFont.setPointSizeF(font.pointSizeF() * std::max(kMinTextPoints / st.fontSize, room / fm.horizontalAdvance(text)));
            const double tw = TextMetrics(swatchFont, p.device()).horizontalAdvance(text);
            const double total = sw + 2.0 + tw;
            const double sx = (x0 + x1) / 2.0 - total / 2.0;
            base += st.fontSize * 1.3;
            p.setPen(Qt::NoPen);
            p.setBrush(colour);
            p.drawRect(QRectF(sx, base - sw, sw, sw));
            p.setBrush(Qt::NoBrush);
            p.setPen(st.text);
            drawPlainText(p, sx + sw + 2.0, base, text, swatchFont, HAlign::Left);
        }
    }
}

void GridFigure::paint(QPainter& p) const {
    const FigureStyle& st = data_.style;
    p.fillRect(QRectF(QPointF(0, 0), size_), Qt::white);
    const QFont titleFont = figureFont(st.titleSize, false, p.device());
    const TextMetrics tm(titleFont, p.device());
    p.setPen(st.text);
    for (int c = 0; c < int(data_.columns.size()); ++c) {
        const FittedText& t = l_.columnTitles[std::size_t(c)];
        if (t.lines.isEmpty()) continue;
        const QRectF r = tileRect(0, c);
        QFont f = titleFont;
        f.setPointSizeF(titleFont.pointSizeF() * t.scale);
        const int n = int(t.lines.size());
        // Centred over the tile, but kept over the column and its insets (the room it was fitted to).
        const double left = r.left() - kColGap / 2.0, right = r.left() + columnSpan(c) + kColGap / 2.0;
        for (int i = 0; i < n; ++i) {
            const double w = labelWidth(t.lines[i], f, p.device());
            const double cx = w >= right - left ? (left + right) / 2.0 : std::clamp(r.center().x(), left + w / 2.0, right - w / 2.0);
            drawLabel(p, cx, l_.top - 2.0 - tm.descent() - (n - 1 - i) * st.titleSize * t.scale * kLineSpacing, t.lines[i], f,
                      HAlign::Centre);
        }
    }
    for (int r = 0; r < int(data_.rows.size()); ++r) {
        const FittedText& label = l_.rowLabels[std::size_t(r)];
        if (!label.lines.isEmpty()) {
            const QRectF tr = tileRect(r, 0);
            QFont f = titleFont;
            f.setPointSizeF(titleFont.pointSizeF() * label.scale);
            p.setPen(st.text);
            // Rotated text reads upwards, so the first line is the leftmost.
            for (int i = 0; i < int(label.lines.size()); ++i)
                drawLabelVertical(p, kPad + st.titleSize * (0.62 + i * kLineSpacing), tr.center().y(), label.lines[i], f);
        }
        for (int c = 0; c < int(data_.columns.size()); ++c) paintTile(p, r, c);
    }
    paintHighlights(p);
    if (!data_.colourBars.empty()) paintColourBars(p);
    if (!data_.categoryKeys.empty()) paintCategoryKeys(p);
}

int GridFigure::excludedSwatchBar() const {
    if (!data_.showExcludedSwatch) return -1;
    // The first bar (by index) that is drawn and can have excluded pixels.
    for (std::size_t b = 0; b < data_.colourBars.size(); ++b) {
        bool used = false;
        for (const auto& c : data_.columns) used |= c.colourBar == int(b);
        if (used && !data_.colourBars[b].coversAll) return int(b);
    }
    return -1;
}

void GridFigure::paintHighlights(QPainter& p) const {
    // A box just outside the tile, in the gap between tiles (narrower than the gaps, so it covers
    // neither a neighbour nor the scores).
    const double w = 1.0;
    for (const auto& h : data_.highlights) {
        const QRectF r = tileRect(h.row, h.column);
        const QColor colour = h.colour.isValid() ? h.colour : seriesColour(0);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colour, w, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(r.adjusted(-w / 2.0, -w / 2.0, w / 2.0, w / 2.0));
    }
}

void GridFigure::paintCategoryKeys(QPainter& p) const {
    const FigureStyle& st = data_.style;
    const QFont font = figureFont(st.fontSize, false, p.device());
    const TextMetrics fm(font, p.device());
    for (int c = 0; c < int(data_.columns.size()); ++c) {
        const int k = data_.columns[std::size_t(c)].categoryKey;
        if (k < 0) continue;
        const QRectF r = tileRect(0, c);
        const auto& entries = data_.categoryKeys[std::size_t(k)].entries;
        QFont keyFont = font;
        keyFont.setPointSizeF(font.pointSizeF() * l_.keyScales[std::size_t(k)]);
        const TextMetrics km(keyFont, p.device());
        const auto& lines = l_.keyLines[std::size_t(k)];
        double widest = 0.0;
        for (const auto& entry : lines)
            for (const auto& line : entry) widest = std::max(widest, km.horizontalAdvance(line));
        const double sw = st.fontSize * 0.75;
        // Centred under the column and its insets, not left of the column's own left edge and, when
        // that is not enough, not over the page's right edge either.
        double x = std::max(r.left() - kColGap / 2.0, r.left() + columnSpan(c) / 2.0 - (sw + 2.0 + widest) / 2.0);
        x = std::min(x, size_.width() - kPad - (sw + 2.0 + widest));
        double base = l_.barTop + fm.ascent();
        for (std::size_t i = 0; i < entries.size(); ++i) {
            p.setPen(QPen(st.axis, 0.3));
            p.setBrush(entries[i].second);
            p.drawRect(QRectF(x, base - sw, sw, sw));
            p.setPen(st.text);
            for (int j = 0; j < int(lines[i].size()); ++j) {
                if (j > 0) base += st.fontSize * kLineSpacing;
                drawPlainText(p, x + sw + 2.0, base, lines[i][j], keyFont, HAlign::Left);
            }
            base += st.fontSize * 1.25;
        }
    }
}

} // namespace ll::figure
