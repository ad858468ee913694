#include "figure/GridFigure.h"

#include "figure/NumberText.h"
#include "figure/RichLabel.h"
#include "util/Error.h"

#include <QFontMetricsF>

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
                if (!s.value || !std::isfinite(*s.value)) continue;
                const double scale = std::pow(10.0, s.decimals);
                groups[{c, data.rows[r].group, s.name}].push_back({r, i, std::round(*s.value * scale) / scale});
            }
    for (auto& [key, entries] : groups) {
        if (entries.size() < 2) continue;
        const std::size_t c = std::get<0>(key);
        const bool lower = data.rows[entries[0].row].tiles[c].scores[entries[0].item].lowerIsBetter;
        double best = entries[0].shown;
        for (const auto& e : entries) best = lower ? std::min(best, e.shown) : std::max(best, e.shown);
        for (const auto& e : entries)
            if (e.shown == best) data.rows[e.row].tiles[c].scores[e.item].best = true;
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
    if (!(data_.dpi >= 10 && data_.dpi <= 2400)) throw ll::Error("figure", "dpi must be in 10..2400");
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
    l_.left = kPad + (anyLabel ? st.titleSize * 1.25 + 2.0 : 0.0);
    l_.top = kPad + (anyTitle ? st.titleSize * 1.3 + 2.0 : 0.0);
    l_.colGap = kColGap;
    l_.rowGap = kRowGap;
    l_.scoreH = anyScore ? st.fontSize * 1.3 + 0.5 : 0.0;

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

    double y = l_.top + nr * (l_.tileH + l_.scoreH) + (nr - 1) * l_.rowGap;
    l_.barTop = y + 4.0;
    double height = y + kPad;
    bool anyBar = false;
    std::size_t keyLines = 0;
    for (const auto& c : data_.columns) {
        anyBar |= c.colourBar >= 0;
        if (c.categoryKey >= 0) keyLines = std::max(keyLines, data_.categoryKeys[std::size_t(c.categoryKey)].entries.size());
    }
    if (anyBar) {
        double h = l_.barTop + kBarHeight + st.tickLength + st.fontSize * 1.2 + st.fontSize * 1.35 + kPad + 1.0;
        if (data_.showExcludedSwatch) h += st.fontSize * 1.3;
        height = std::max(height, h);
    }
    if (keyLines > 0) height = std::max(height, l_.barTop + double(keyLines) * st.fontSize * 1.25 + kPad + 1.0);
    size_ = QSizeF(width, std::ceil(height));

    // Resample tiles and crops once, at the figure's DPI.
    const int tw = pixels(l_.tileW, data_.dpi), th = pixels(l_.tileH, data_.dpi);
    scaled_.assign(std::size_t(nr), std::vector<QImage>(std::size_t(nc)));
    crops_.assign(std::size_t(nr), std::vector<std::vector<QImage>>(std::size_t(nc)));
    for (int r = 0; r < nr; ++r)
        for (int c = 0; c < nc; ++c) {
            const QImage& src = data_.rows[std::size_t(r)].tiles[std::size_t(c)].image;
            if (src.isNull() || data_.rows[std::size_t(r)].tiles[std::size_t(c)].blank) continue;
            scaled_[std::size_t(r)][std::size_t(c)] = resampleTo(src, tw, th, false);
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
                crops_[std::size_t(r)][std::size_t(c)].push_back(
                    resampleTo(src.copy(px), pixels(pw, data_.dpi), pixels(ph, data_.dpi), true));
            }
        }
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
    const QImage& img = scaled_[std::size_t(row)][std::size_t(column)];
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
        p.drawImage(panel, crops[i]);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(colour, 0.8, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(outline);
        p.setPen(QPen(colour, 1.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        p.drawRect(panel.adjusted(0.5, 0.5, -0.5, -0.5));
    }

    // Scores under the tile, centred, the best in bold.
    if (!tile.scores.empty()) {
        const QFont normal = figureFont(st.fontSize, false, p.device());
        const QFont bold = figureFont(st.fontSize, true, p.device());
        const QFontMetricsF mn(normal, p.device()), mb(bold, p.device());
        std::vector<QString> texts;
        double total = 0.0;
        const double sep = mn.horizontalAdvance(QStringLiteral("  "));
        for (const auto& s : tile.scores) {
            texts.push_back(s.name + QStringLiteral(" ") + fixedText(s.value, s.decimals));
            total += (s.best ? mb : mn).horizontalAdvance(texts.back());
        }
        total += sep * double(texts.size() - 1);
        double x = r.center().x() - total / 2.0;
        const double baseline = r.bottom() + st.fontSize * 1.05;
        p.setPen(st.text);
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const bool b = tile.scores[i].best;
            p.setFont(b ? bold : normal);
            p.drawText(QPointF(x, baseline), texts[i]);
            x += (b ? mb : mn).horizontalAdvance(texts[i]) + sep;
        }
    }
}

void GridFigure::paintColourBars(QPainter& p) const {
    const FigureStyle& st = data_.style;
    const QFont font = figureFont(st.fontSize, false, p.device());
    const QFontMetricsF fm(font, p.device());
    bool swatchDrawn = false;
    for (std::size_t b = 0; b < data_.colourBars.size(); ++b) {
        double x0 = 1e300, x1 = -1e300;
        for (int c = 0; c < int(data_.columns.size()); ++c)
            if (data_.columns[std::size_t(c)].colourBar == int(b)) {
                const QRectF r = tileRect(0, c);
                x0 = std::min(x0, r.left());
                x1 = std::max(x1, r.right());
            }
        if (x0 > x1) continue;
        const ColourBar& bar = data_.colourBars[b];
        const double span = x1 - x0;
        const double bw = std::min(span * 0.72, 150.0);
        const double bx = (x0 + x1) / 2.0 - bw / 2.0;
        const double by = l_.barTop;
        QImage ramp(256, 1, QImage::Format_RGB32);
        for (int i = 0; i < 256; ++i) ramp.setPixel(i, 0, colourTable(bar.kind)[std::size_t(i)] | 0xff000000u);
        p.drawImage(QRectF(bx, by, bw, kBarHeight), ramp);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(st.axis, st.axisWidth * 0.8));
        p.drawRect(QRectF(bx, by, bw, kBarHeight));

        // Ticks at both ends and the middle.
        const double lo = bar.range.lo, hi = bar.range.hi, mid = (lo + hi) / 2.0;
        const double step = (hi - lo) / 2.0;
        p.setFont(font);
        p.setPen(QPen(st.axis, st.axisWidth));
        const double tickBase = by + kBarHeight;
        const double labelBase = tickBase + st.tickLength + fm.ascent();
        const double xs[3] = {bx, bx + bw / 2.0, bx + bw};
        const double vs[3] = {lo, mid, hi};
        for (int i = 0; i < 3; ++i) {
            p.drawLine(QPointF(xs[i], tickBase), QPointF(xs[i], tickBase + st.tickLength));
            drawLabel(p, xs[i], labelBase, tickText(vs[i], step), font, HAlign::Centre);
        }
        // The label, shrunk to the span of its columns if needed.
        QFont lf = font;
        const double avail = span + l_.colGap;
        const double w = labelWidth(bar.label, lf, p.device());
        if (w > avail) lf.setPointSizeF(lf.pointSizeF() * std::max(0.7, avail / w));
        const double labelY = labelBase + st.fontSize * 1.35;
        p.setPen(st.text);
        drawLabel(p, (x0 + x1) / 2.0, labelY, bar.label, lf, HAlign::Centre);

        if (data_.showExcludedSwatch && !swatchDrawn) {
            swatchDrawn = true;
            const QString text = QStringLiteral("excluded");
            const double sw = st.fontSize * 0.75;
            const double tw = fm.horizontalAdvance(text);
            const double total = sw + 2.0 + tw;
            const double sx = (x0 + x1) / 2.0 - total / 2.0;
            const double base = labelY + st.fontSize * 1.3;
            p.setPen(Qt::NoPen);
            p.setBrush(Qt::black);
            p.drawRect(QRectF(sx, base - sw, sw, sw));
            p.setBrush(Qt::NoBrush);
            p.setPen(st.text);
            p.setFont(font);
            p.drawText(QPointF(sx + sw + 2.0, base), text);
        }
    }
}

void GridFigure::paint(QPainter& p) const {
    const FigureStyle& st = data_.style;
    p.fillRect(QRectF(QPointF(0, 0), size_), Qt::white);
    const QFont titleFont = figureFont(st.titleSize, false, p.device());
    const QFontMetricsF tm(titleFont, p.device());
    p.setPen(st.text);
    for (int c = 0; c < int(data_.columns.size()); ++c) {
        const QString& t = data_.columns[std::size_t(c)].title;
        if (t.isEmpty()) continue;
        const QRectF r = tileRect(0, c);
        QFont f = titleFont;
        const double avail = r.width() + (l_.insetsBeside && columnHasInsets(c) ? kInsetGap + l_.insetW : 0.0) + l_.colGap;
        const double w = labelWidth(t, f, p.device());
        if (w > avail) f.setPointSizeF(f.pointSizeF() * std::max(0.7, avail / w));
        drawLabel(p, r.center().x(), l_.top - 2.0 - tm.descent(), t, f, HAlign::Centre);
    }
    for (int r = 0; r < int(data_.rows.size()); ++r) {
        const QString& label = data_.rows[std::size_t(r)].label;
        if (!label.isEmpty()) {
            const QRectF tr = tileRect(r, 0);
            QFont f = titleFont;
            const double w = labelWidth(label, f, p.device());
            if (w > tr.height()) f.setPointSizeF(f.pointSizeF() * std::max(0.6, tr.height() / w));
            p.setPen(st.text);
            drawLabelVertical(p, kPad + st.titleSize * 0.62, tr.center().y(), label, f);
        }
        for (int c = 0; c < int(data_.columns.size()); ++c) paintTile(p, r, c);
    }
    if (!data_.colourBars.empty()) paintColourBars(p);
    if (!data_.categoryKeys.empty()) paintCategoryKeys(p);
}

void GridFigure::paintCategoryKeys(QPainter& p) const {
    const FigureStyle& st = data_.style;
    const QFont font = figureFont(st.fontSize, false, p.device());
    const QFontMetricsF fm(font, p.device());
    for (int c = 0; c < int(data_.columns.size()); ++c) {
        const int k = data_.columns[std::size_t(c)].categoryKey;
        if (k < 0) continue;
        const QRectF r = tileRect(0, c);
        const auto& entries = data_.categoryKeys[std::size_t(k)].entries;
        double widest = 0.0;
        for (const auto& e : entries) widest = std::max(widest, fm.horizontalAdvance(e.first));
        const double sw = st.fontSize * 0.75;
        const double x = r.center().x() - (sw + 2.0 + widest) / 2.0;
        double base = l_.barTop + fm.ascent();
        for (const auto& [text, colour] : entries) {
            p.setPen(QPen(st.axis, 0.3));
            p.setBrush(colour);
            p.drawRect(QRectF(x, base - sw, sw, sw));
            p.setPen(st.text);
            p.setFont(font);
            p.drawText(QPointF(x + sw + 2.0, base), text);
            base += st.fontSize * 1.25;
        }
    }
}

} // namespace ll::figure
