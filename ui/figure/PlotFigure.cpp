#include "figure/PlotFigure.h"

#include "figure/NiceTicks.h"
#include "figure/NumberText.h"
#include "figure/PanelTitles.h"
#include "figure/RichLabel.h"
#include "figure/TextMetrics.h"
#include "util/Error.h"

#include <QPainterPath>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace ll::figure {

namespace {

constexpr double kPanelGap = 12.0;    // between columns of panels
constexpr double kRowGap = 8.0;       // between rows of panels
constexpr double kPad = 1.5;
constexpr double kLegendSample = 13.0;
constexpr double kMinPanelWidth = 120.0; // narrower panels crowd their ticks (automatic grid)
constexpr double kMinTextPoints = 5.0;   // labels shrink to fit, never below this
constexpr double kLineSpacing = 1.2;     // of the font size, between wrapped lines
constexpr double kCategoryGap = 1.5;     // least room between neighbouring category labels
// Room between the data and the axes, as a fraction of the data's span (matplotlib's default axes
// margins): markers and lines at the first and last x or at the extreme values sit inside the plot,
// not on the axis lines. Bars and histograms keep their base on the axis (matplotlib's sticky edges).
constexpr double kMargin = 0.05;

QColor seriesColourOf(const Series& s, int index) { return s.colour.isValid() ? s.colour : seriesColour(index); }
int markerOf(const Series& s, int index) { return s.marker >= 0 ? s.marker : index; }


bool visibleValue(const Panel& panel, const std::optional<double>& v) {
    return v && std::isfinite(*v) && (!panel.y.log || *v > 0.0);
}

// Defined values a log axis cannot show (zero or negative): left out, and counted in a note.
int hiddenOnLog(const Panel& panel) {
    if (!panel.y.log || panel.style == SeriesStyle::Steps) return 0; // empty bins simply stay at the base
    int n = 0;
    for (const auto& s : panel.series)
        for (const auto& v : s.y)
            if (v && std::isfinite(*v) && *v <= 0.0) ++n;
    return n;
}

Ticks yTicks(const Panel& panel, int target) {
    double lo = 1e300, hi = -1e300;
    const bool log = panel.y.log;
    auto take = [&](const std::optional<double>& v) {
        if (v && std::isfinite(*v) && (!log || *v > 0)) lo = std::min(lo, *v), hi = std::max(hi, *v);
    };
    for (const auto& s : panel.series) {
        for (const auto& v : s.y) take(v);
        for (const auto& v : s.yLow) take(v);
        for (const auto& v : s.yHigh) take(v);
    }
    for (const auto& b : panel.bands) {
        take(b.lo);
        take(b.hi);
        take(b.line);
    }
    if (log) {
        if (lo > hi) return logTicks(1.0, 10.0);
        // The margin in log space (at least a twentieth of a decade), then out to whole decades.
        const double pad = std::pow(10.0, kMargin * std::max(1.0, std::log10(hi / lo)));
        lo /= pad;
        hi *= pad;
        if (panel.y.min && *panel.y.min > 0) lo = *panel.y.min;
        if (panel.y.max && *panel.y.max > 0) hi = *panel.y.max;
        Ticks t = logTicks(lo, hi);
        if (panel.y.integer) { // counts: no labels below one
            std::erase_if(t.values, [](double v) { return v < 1.0 - 1e-9; });
            std::erase_if(t.minor, [](double v) { return v < 1.0 - 1e-9; });
        }
        return t;
    }
    if (lo > hi) lo = 0.0, hi = 1.0;
    const bool sticky = panel.style == SeriesStyle::Bars || panel.style == SeriesStyle::Steps;
    if (panel.y.includeZero || sticky) lo = std::min(lo, 0.0), hi = std::max(hi, 0.0);
    double span = hi - lo;
    if (!(span > 1e-12 * std::max(1.0, std::fabs(hi)))) span = std::fabs(hi) > 0 ? std::fabs(hi) * 0.2 : 1.0;
    double axisLo = (sticky && lo == 0.0) ? 0.0 : lo - kMargin * span;
    double axisHi = (sticky && hi == 0.0) ? 0.0 : hi + kMargin * span;
    if (panel.y.min) axisLo = *panel.y.min;
    if (panel.y.max) axisHi = *panel.y.max;
    return ticksInRange(axisLo, axisHi, target, panel.y.integer);
}

struct XScale {
    double lo = 0, hi = 1;
    std::vector<double> ticks;
    std::vector<QString> labels;
    double step = 1;
};

XScale xScale(const Panel& panel, int target) {
    XScale x;
    if (!panel.x.categories.empty()) {
        const int n = int(panel.x.categories.size());
        // Bars fill slots of width 1 around each category; points and lines get the data margin, so the
        // first category sits at kMargin of the axis width.
        const double m = panel.style == SeriesStyle::Bars || n < 2 ? 0.5 : kMargin * double(n - 1) / (1.0 - 2.0 * kMargin);
        x.lo = -m;
        x.hi = double(n - 1) + m;
        for (int i = 0; i < n; ++i) {
            x.ticks.push_back(i);
            x.labels.push_back(panel.x.categories[std::size_t(i)]);
        }
        return x;
    }
    double lo = 1e300, hi = -1e300;
    for (const auto& s : panel.series)
        for (double v : s.x)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (lo > hi) lo = 0.0, hi = 1.0;
    const double span = hi > lo ? hi - lo : std::max(std::fabs(hi) * 0.2, 1.0);
    lo = panel.x.min ? *panel.x.min : lo - kMargin * span;
    hi = panel.x.max ? *panel.x.max : hi + kMargin * span;
    const Ticks t = ticksInRange(lo, hi, target);
    x.lo = t.lo;
    x.hi = t.hi;
    x.step = t.step;
    x.ticks = t.values;
    for (double v : t.values) x.labels.push_back(tickText(v, t.step) + panel.x.tickSuffix);
    return x;
}

int lineCount(const QString& s) { return int(s.count(QLatin1Char('\n'))) + 1; }

QString yTickText(const Panel& panel, const Ticks& yt, double v) { return tickText(v, yt.log ? v : yt.step) + panel.y.tickSuffix; }

double widestYTick(const Panel& panel, const Ticks& yt, const TextMetrics& fm) {
    double w = 0.0;
    for (double v : yt.values) w = std::max(w, fm.horizontalAdvance(yTickText(panel, yt, v)));
    return w;
}

double widestLine(const QString& label, const TextMetrics& fm) {
    double w = 0.0;
    for (const auto& line : label.split(QLatin1Char('\n'))) w = std::max(w, fm.horizontalAdvance(line));
    return w;
}

// Centre x for a line of width w centred on cx but kept inside [left, right].
double clampedCentre(double cx, double w, double left, double right) {
    if (w >= right - left) return (left + right) / 2.0;
    return std::clamp(cx, left + w / 2.0, right - w / 2.0);
}

} // namespace

bool seriesDrawn(const Panel& panel, const Series& s) {
    for (const auto& v : s.y)
        if (visibleValue(panel, v) && (panel.style != SeriesStyle::Steps || *v > 0.0)) return true;
    return false;
}

void drawMarker(QPainter& p, QPointF c, int shape, double size, const QColor& colour) {
    const double r = size / 2.0;
    p.setPen(QPen(Qt::white, 0.35));
    p.setBrush(colour);
    auto polygon = [&](int n, double rotationDeg, double scale) {
        QPolygonF poly;
        for (int i = 0; i < n; ++i) {
            const double a = (rotationDeg + 360.0 * i / n) * M_PI / 180.0;
            poly << QPointF(c.x() + r * scale * std::cos(a), c.y() + r * scale * std::sin(a));
        }
        p.drawPolygon(poly);
    };
    switch (((shape % 6) + 6) % 6) {
    case 0: p.drawEllipse(c, r, r); break;
    case 1: p.drawRect(QRectF(c.x() - r * 0.88, c.y() - r * 0.88, r * 1.76, r * 1.76)); break;
    case 2: polygon(3, -90.0, 1.15); break;
    case 3: polygon(4, 0.0, 1.2); break;
    case 4: polygon(3, 90.0, 1.15); break;
    case 5: polygon(5, -90.0, 1.1); break;
    }
}

PlotFigure::PlotFigure(PlotFigureData data) : data_(std::move(data)) {
    if (data_.panels.empty()) throw ll::Error("figure", "a plot needs at least one panel");
    dropRepeatedYLabels(data_.panels);
    if (!(data_.widthPt >= 36 && data_.widthPt <= 14400 && data_.heightPt >= 36 && data_.heightPt <= 14400))
        throw ll::Error("figure", "plot size must be 0.5 to 200 inches");
    for (const auto& panel : data_.panels)
        for (const auto& s : panel.series) {
            const std::size_t expect = panel.style == SeriesStyle::Steps ? s.y.size() + 1 : s.y.size();
            if (s.x.size() != expect)
                throw ll::Error("figure", "series '" + s.name.toStdString() + "' has " + std::to_string(s.x.size()) +
                                              " x values for " + std::to_string(s.y.size()) + " y values");
            if ((!s.yLow.empty() && s.yLow.size() != s.y.size()) || (!s.yHigh.empty() && s.yHigh.size() != s.y.size()))
                throw ll::Error("figure", "series '" + s.name.toStdString() + "' has intervals for a different number of points");
        }
    if (data_.columns < 0 || data_.rows < 0) throw ll::Error("figure", "rows and columns of panels must be positive");

    // The grid and the page size are fixed here, measured in points (pointDevice), so every output
    // has the same arrangement.
    const int n = int(data_.panels.size());
    const double width = std::round(data_.widthPt);
    size_ = QSizeF(width, std::round(data_.heightPt));
    {
        const QFont tickFont = figureFont(data_.style.fontSize, false, pointDevice());
        const TextMetrics fm(tickFont, pointDevice());
        double minCell = kMinPanelWidth;
        for (const auto& panel : data_.panels) {
            // Room for the y axis (label, tick labels) and, on categorical axes, every category label.
            // (the margins layout() gives a one-line y label, and 3 pt on the right).
            double need = (panel.y.label.isEmpty() ? 0.0 : data_.style.titleSize * (0.3 + kLineSpacing) + 1.5) +
                          widestYTick(panel, yTicks(panel, 5), fm) + data_.style.tickLength + 2.0 + 3.0;
            double slot = 0.0;
            for (const auto& c : panel.x.categories) slot = std::max(slot, widestLine(c, fm) + kCategoryGap);
            need += slot * double(panel.x.categories.size());
            minCell = std::max(minCell, need);
        }
        grid_ = choosePanelGrid(n, data_.columns, data_.rows, width - 2 * kPad, kPanelGap, minCell);
    }
    if (data_.heightPerRow && grid_.rows > 1) {
        const double oneRow = data_.heightPt - 2 * kPad - legendHeight(nullptr);
        size_.setHeight(std::round(data_.heightPt + (grid_.rows - 1) * (oneRow + kRowGap)));
    }
    if (!(size_.height() <= 14400)) throw ll::Error("figure", "plot size must be 0.5 to 200 inches");
    const auto panels = layout(nullptr);
    for (int i = 0; i < n; ++i) {
        const QRectF a = panels[std::size_t(i)].area;
        if (!(a.width() > 10.0 && a.height() > 10.0))
            throw ll::Error("figure", "plot panel " + std::to_string(i + 1) + " does not fit the page (make the figure larger)");
    }
}

QSizeF PlotFigure::sizePt() const { return size_; }

std::vector<PlotFigure::LegendEntry> PlotFigure::legendEntries() const {
    std::vector<LegendEntry> out;
    for (const auto& panel : data_.panels) {
        for (const auto& b : panel.bands) {
            if (b.name.isEmpty()) continue;
            const bool seen = std::any_of(out.begin(), out.end(), [&](const LegendEntry& e) { return e.name == b.name; });
            if (!seen) out.push_back({b.name, b.colour, -1, b.dashed, panel.style, true, b.hi > b.lo});
        }
        for (std::size_t i = 0; i < panel.series.size(); ++i) {
            const Series& s = panel.series[i];
            // A series with nothing to see (all values missing, or none a log axis can show) would name
            // a colour that appears nowhere.
            if (s.name.isEmpty() || !seriesDrawn(panel, s)) continue;
            const bool seen = std::any_of(out.begin(), out.end(), [&](const LegendEntry& e) { return e.name == s.name; });
            if (!seen) out.push_back({s.name, seriesColourOf(s, int(i)), markerOf(s, int(i)), s.dashed, panel.style});
        }
    }
    return out;
}

namespace {

// Lines of legend entries that fit the width: indices per line and each line's width.
std::vector<std::pair<std::vector<std::size_t>, double>> legendLines(const std::vector<double>& widths, double avail) {
    std::vector<std::pair<std::vector<std::size_t>, double>> lines;
    const double gap = 9.0;
    for (std::size_t i = 0; i < widths.size(); ++i) {
        if (lines.empty() || lines.back().second + gap + widths[i] > avail) {
            lines.push_back({{i}, widths[i]});
        } else {
            lines.back().first.push_back(i);
            lines.back().second += gap + widths[i];
        }
    }
    return lines;
}

} // namespace

double PlotFigure::legendHeight(const QPaintDevice* device) const {
    if (!data_.legend) return 0.0;
    if (!device) device = pointDevice();
    const auto entries = legendEntries();
    if (entries.empty()) return 0.0;
    const QFont font = figureFont(data_.style.fontSize, false, device);
    std::vector<double> widths;
    for (const auto& e : entries) widths.push_back(kLegendSample + 2.5 + labelWidth(e.name, font, device));
    const auto lines = legendLines(widths, sizePt().width() - 2 * kPad);
    return double(lines.size()) * data_.style.fontSize * 1.45 + 3.0;
}

void PlotFigure::paintLegend(QPainter& p) const {
    const auto entries = legendEntries();
    if (!data_.legend || entries.empty()) return;
    const FigureStyle& st = data_.style;
    const QFont font = figureFont(st.fontSize, false, p.device());
    const TextMetrics fm(font, p.device());
    std::vector<double> widths;
    for (const auto& e : entries) widths.push_back(kLegendSample + 2.5 + labelWidth(e.name, font, p.device()));
    const double W = sizePt().width();
    const auto lines = legendLines(widths, W - 2 * kPad);
    double y = kPad + st.fontSize * 1.45 / 2.0 + 0.5;
    for (const auto& [idx, lineW] : lines) {
        double x = W / 2.0 - lineW / 2.0;
        for (std::size_t i : idx) {
            const LegendEntry& e = entries[i];
            if (e.band) {
                if (e.bandFill) {
                    QColor fill = e.colour;
                    fill.setAlpha(50);
                    p.setPen(Qt::NoPen);
                    p.setBrush(fill);
                    p.drawRect(QRectF(x, y - 3.5, kLegendSample, 7.0));
                }
                p.setPen(QPen(e.colour, st.lineWidth, e.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap));
                p.drawLine(QPointF(x, y), QPointF(x + kLegendSample, y));
            } else if (e.style == SeriesStyle::Scatter) {
                drawMarker(p, QPointF(x + kLegendSample / 2.0, y), e.marker, st.markerSize, e.colour);
            } else if (e.style == SeriesStyle::Bars) {
                p.setPen(Qt::NoPen);
                p.setBrush(e.colour);
                p.drawRect(QRectF(x + kLegendSample / 2.0 - 3.5, y - 3.5, 7.0, 7.0));
            } else if (e.style == SeriesStyle::Steps) {
                // An outline, as the histogram draws it.
                p.setPen(QPen(e.colour, st.lineWidth, e.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(x + kLegendSample / 2.0 - 3.5, y - 3.5, 7.0, 7.0));
            } else {
                QPen pen(e.colour, st.lineWidth, e.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap);
                p.setPen(pen);
                p.drawLine(QPointF(x, y), QPointF(x + kLegendSample, y));
                drawMarker(p, QPointF(x + kLegendSample / 2.0, y), e.marker, st.markerSize, e.colour);
            }
            p.setPen(st.text);
            drawLabel(p, x + kLegendSample + 2.5, y + (fm.ascent() - fm.descent()) / 2.0, e.name, font, HAlign::Left);
            x += widths[i] + 9.0;
        }
        y += st.fontSize * 1.45;
    }
}

QRectF PlotFigure::plotArea(int index, const QPaintDevice* device) const { return layout(device)[std::size_t(index)].area; }

QRectF PlotFigure::panelCell(int index, const QPaintDevice* device) const { return layout(device)[std::size_t(index)].cell; }

std::vector<PlotFigure::PanelLayout> PlotFigure::layout(const QPaintDevice* device) const {
    if (!device) device = pointDevice();
    const FigureStyle& st = data_.style;
    const QSizeF size = sizePt();
    const int n = int(data_.panels.size());
    const double top0 = kPad + legendHeight(device);
    const QRectF area(kPad, top0, size.width() - 2 * kPad, size.height() - kPad - top0);
    const QFont tickFont = figureFont(st.fontSize, false, device);
    const QFont titleFont = figureFont(st.titleSize, true, device);
    const QFont labelFont = figureFont(st.titleSize, false, device);
    const TextMetrics fm(tickFont, device);
    const double minTitleScale = kMinTextPoints / st.titleSize;

    const auto count = static_cast<std::size_t>(n);
    std::vector<PanelLayout> out(count);
    std::vector<double> tops(count), bottoms(count), lefts(count), rights(count);
    for (int i = 0; i < n; ++i) {
        const Panel& panel = data_.panels[std::size_t(i)];
        PanelLayout& L = out[std::size_t(i)];
        L.cell = figure::panelCell(grid_, i, area, kPanelGap, kRowGap);
        // Titles wrap onto a second line before they shrink; they are never cut.
        if (!panel.title.isEmpty()) {
            QFont f = titleFont;
            L.title = fitLabel(panel.title, f, device, L.cell.width(), 2, minTitleScale);
            L.titleScale = f.pointSizeF() / titleFont.pointSizeF();
        }
        if (!panel.x.label.isEmpty()) {
            QFont f = labelFont;
            L.xLabel = fitLabel(panel.x.label, f, device, L.cell.width() * 0.9, 2, minTitleScale);
            L.xLabelScale = f.pointSizeF() / labelFont.pointSizeF();
        }
        int xLines = 1;
        for (const auto& c : panel.x.categories) xLines = std::max(xLines, lineCount(c));
        const double ts = st.titleSize;
        tops[std::size_t(i)] = L.title.isEmpty() ? 3.0 : ts * L.titleScale * (1.5 + (L.title.size() - 1) * kLineSpacing) + 1.5;
        if (const int hidden = hiddenOnLog(panel); hidden > 0) {
            L.note = hidden == 1 ? QStringLiteral("1 value \u2264 0 not shown (log axis)")
                                 : QStringLiteral("%1 values \u2264 0 not shown (log axis)").arg(hidden);
            tops[std::size_t(i)] += st.fontSize * 1.25;
        }
        bottoms[std::size_t(i)] = st.tickLength + 2.0 + xLines * st.fontSize * 1.18 +
                                  (L.xLabel.isEmpty() ? 0.0 : ts * L.xLabelScale * (0.25 + L.xLabel.size() * kLineSpacing));
    }
    // Panels of a row share the top and bottom of their plot areas, panels of a column the left and
    // right, so the axes line up.
    auto rowOf = [&](int i) { return i / grid_.columns; };
    auto colOf = [&](int i) { return i % grid_.columns; };
    // The largest of values[i] over the panels i of each row (or column).
    auto largestPer = [n](const std::vector<double>& values, int groups, auto groupOf) {
        std::vector<double> out(std::size_t(groups), 0.0);
        for (int i = 0; i < n; ++i)
            out[std::size_t(groupOf(i))] = std::max(out[std::size_t(groupOf(i))], values[std::size_t(i)]);
        return out;
    };
    const std::vector<double> rowTop = largestPer(tops, grid_.rows, rowOf);
    const std::vector<double> rowBottom = largestPer(bottoms, grid_.rows, rowOf);
    for (int i = 0; i < n; ++i) {
        const Panel& panel = data_.panels[std::size_t(i)];
        PanelLayout& L = out[std::size_t(i)];
        const double h = L.cell.height() - rowTop[std::size_t(rowOf(i))] - rowBottom[std::size_t(rowOf(i))];
        // About one tick interval per 2.5 lines of tick text.
        L.yTarget = std::clamp(int(h / (st.fontSize * 2.5)), 2, 5);
        const Ticks yt = yTicks(panel, L.yTarget);
        double left = widestYTick(panel, yt, fm) + st.tickLength + 2.0;
        if (!panel.y.label.isEmpty()) {
            QFont f = labelFont;
            L.yLabel = fitLabel(panel.y.label, f, device, std::max(h, 1.0), 2, minTitleScale);
            L.yLabelScale = f.pointSizeF() / labelFont.pointSizeF();
            left += st.titleSize * L.yLabelScale * (0.3 + L.yLabel.size() * kLineSpacing) + 1.5;
        }
        lefts[std::size_t(i)] = left;
        // Room for half of the last x tick label, which is centred on the right end of the axis (for
        // any number of ticks the width may choose).
        double right = 3.0;
        if (!panel.x.categories.empty() && panel.style != SeriesStyle::Bars) // the last category near the end
            right = std::max(right, widestLine(panel.x.categories.back(), fm) / 2.0 - 0.03 * L.cell.width());
        if (panel.x.categories.empty())
            for (int target = 2; target <= 5; ++target) {
                const XScale xs = xScale(panel, target);
                if (!xs.labels.empty()) right = std::max(right, fm.horizontalAdvance(xs.labels.back()) / 2.0 + 1.0);
            }
        rights[std::size_t(i)] = right;
    }
    const std::vector<double> colLeft = largestPer(lefts, grid_.columns, colOf);
    const std::vector<double> colRight = largestPer(rights, grid_.columns, colOf);
    for (int i = 0; i < n; ++i) {
        const Panel& panel = data_.panels[std::size_t(i)];
        PanelLayout& L = out[std::size_t(i)];
        const double l = colLeft[std::size_t(colOf(i))], r = colRight[std::size_t(colOf(i))];
        const double t = rowTop[std::size_t(rowOf(i))], b = rowBottom[std::size_t(rowOf(i))];
        L.area = QRectF(L.cell.left() + l, L.cell.top() + t, L.cell.width() - l - r, L.cell.height() - t - b);
        if (panel.x.categories.empty()) {
            // The most ticks whose labels keep a gap between them.
            for (L.xTarget = 5; L.xTarget > 2; --L.xTarget) {
                const XScale xs = xScale(panel, L.xTarget);
                double widest = 0.0;
                for (const auto& label : xs.labels) widest = std::max(widest, fm.horizontalAdvance(label));
                if (xs.ticks.size() < 2 || L.area.width() * xs.step / (xs.hi - xs.lo) >= widest + 4.0) break;
            }
        } else {
            const double slot = L.area.width() / double(panel.x.categories.size());
            double widest = 0.0;
            for (const auto& c : panel.x.categories) widest = std::max(widest, widestLine(c, fm));
            if (widest + kCategoryGap > slot) L.xTickScale = std::max(kMinTextPoints / st.fontSize, (slot - kCategoryGap) / widest);
        }
    }
    return out;
}

void PlotFigure::paintPanel(QPainter& p, int index, const PanelLayout& L) const {
    const FigureStyle& st = data_.style;
    const Panel& panel = data_.panels[std::size_t(index)];
    const QRectF& a = L.area;
    const QFont tickFont = figureFont(st.fontSize, false, p.device());
    const QFont labelFont = figureFont(st.titleSize, false, p.device());
    const TextMetrics fm(tickFont, p.device());
    const Ticks yt = yTicks(panel, L.yTarget);
    const XScale xs = xScale(panel, L.xTarget);
    auto X = [&](double v) { return a.left() + (v - xs.lo) / (xs.hi - xs.lo) * a.width(); };
    // Log axes: non-positive values are left out before they get here; an empty histogram bin (the only
    // zero drawn) stays at the bottom of the axis.
    auto Y = [&](double v) {
        if (yt.log) {
            const double l = std::log10(std::max(v, yt.lo));
            return a.bottom() - (l - std::log10(yt.lo)) / (std::log10(yt.hi) - std::log10(yt.lo)) * a.height();
        }
        return a.bottom() - (v - yt.lo) / (yt.hi - yt.lo) * a.height();
    };

    // Grid and y ticks.
    p.setFont(tickFont);
    for (double v : yt.values) {
        const double y = Y(v);
        if (std::fabs(v - yt.lo) > 1e-12 * std::max(1.0, std::fabs(yt.step))) {
            p.setPen(QPen(st.grid, st.gridWidth));
            p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
        }
        p.setPen(QPen(st.axis, st.axisWidth));
        p.drawLine(QPointF(a.left() - st.tickLength, y), QPointF(a.left(), y));
        p.setPen(st.text);
        drawLabel(p, a.left() - st.tickLength - 1.5, y + (fm.ascent() - fm.descent()) / 2.0, yTickText(panel, yt, v), tickFont,
                  HAlign::Right);
    }
    // Minor ticks of a log axis: short, unlabelled, no grid.
    p.setPen(QPen(st.axis, st.axisWidth * 0.8));
    for (double v : yt.minor) p.drawLine(QPointF(a.left() - st.tickLength * 0.6, Y(v)), QPointF(a.left(), Y(v)));
    if (panel.zeroLine && !yt.log && yt.lo < 0.0 && yt.hi > 0.0) {
        p.setPen(QPen(st.axis, st.axisWidth * 0.8));
        p.drawLine(QPointF(a.left(), Y(0.0)), QPointF(a.right(), Y(0.0)));
    }

    // Reference bands, under the data.
    p.save();
    p.setClipRect(a);
    for (const auto& b : panel.bands) {
        if (b.hi > b.lo) {
            QColor fill = b.colour;
            fill.setAlpha(50);
            p.setPen(Qt::NoPen);
            p.setBrush(fill);
            p.drawRect(QRectF(QPointF(a.left(), Y(b.hi)), QPointF(a.right(), Y(b.lo))));
        }
        if (b.line && std::isfinite(*b.line)) {
            p.setPen(QPen(b.colour, st.lineWidth, b.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap));
            p.drawLine(QPointF(a.left(), Y(*b.line)), QPointF(a.right(), Y(*b.line)));
        }
    }
    p.restore();

    // Data, clipped to the plot area.
    p.save();
    p.setClipRect(a.adjusted(-st.markerSize, -st.markerSize, st.markerSize, st.markerSize));
    const int ns = int(panel.series.size());
    for (int si = 0; si < ns; ++si) {
        const Series& s = panel.series[std::size_t(si)];
        const QColor colour = seriesColourOf(s, si);
        if (panel.style == SeriesStyle::Bars) {
            const double group = 0.8, bw = group / std::max(1, ns);
            const double base = yt.log ? yt.lo : std::clamp(0.0, yt.lo, yt.hi);
            p.setPen(Qt::NoPen);
            p.setBrush(colour);
            for (std::size_t i = 0; i < s.x.size(); ++i) {
                if (!visibleValue(panel, s.y[i])) continue;
                const double cx = s.x[i] - group / 2.0 + (si + 0.5) * bw;
                const double xl = X(cx - bw * 0.46), xr = X(cx + bw * 0.46);
                const double y0 = Y(base);
                double y1 = Y(std::clamp(*s.y[i], yt.lo, yt.hi));
                // A value at the base (the best model's 0% in the classes plot) is still a value: a thin
                // bar shows it is there, not missing.
                if (std::fabs(y1 - y0) < st.lineWidth) y1 = y0 + (*s.y[i] < base ? st.lineWidth : -st.lineWidth);
                p.drawRect(QRectF(QPointF(xl, std::min(y0, y1)), QPointF(xr, std::max(y0, y1))));
            }
        } else if (panel.style == SeriesStyle::Steps) {
            QPainterPath path;
            const double base = Y(yt.log ? yt.lo : std::clamp(0.0, yt.lo, yt.hi));
            path.moveTo(X(s.x.front()), base);
            for (std::size_t i = 0; i < s.y.size(); ++i) {
                const double v = s.y[i] && std::isfinite(*s.y[i]) ? *s.y[i] : 0.0;
                path.lineTo(X(s.x[i]), Y(v));
                path.lineTo(X(s.x[i + 1]), Y(v));
            }
            path.lineTo(X(s.x.back()), base);
            // Outlines only (a fill would hide the series under it), each moved by a fraction of a line
            // width, centred on the true position, so series with the same counts or the same bin edges
            // run side by side instead of on top of each other.
            const double shift = (si - (ns - 1) / 2.0) * st.lineWidth * 0.75;
            path.translate(shift, -shift);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(colour, st.lineWidth, s.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
            p.drawPath(path);
        } else {
            // Interval whiskers first, so the markers sit on top.
            if (!s.yLow.empty() && !s.yHigh.empty()) {
                p.setPen(QPen(colour, st.lineWidth * 0.8, Qt::SolidLine, Qt::FlatCap));
                const double cap = st.markerSize * 0.45;
                for (std::size_t i = 0; i < s.x.size(); ++i) {
                    const auto& l = s.yLow[i];
                    const auto& h = s.yHigh[i];
                    if (!visibleValue(panel, l) || !visibleValue(panel, h)) continue;
                    const double x = X(s.x[i]);
                    p.drawLine(QPointF(x, Y(*l)), QPointF(x, Y(*h)));
                    p.drawLine(QPointF(x - cap, Y(*l)), QPointF(x + cap, Y(*l)));
                    p.drawLine(QPointF(x - cap, Y(*h)), QPointF(x + cap, Y(*h)));
                }
            }
            QPen pen(colour, st.lineWidth, s.dashed ? Qt::DashLine : Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
            p.setBrush(Qt::NoBrush);
            QPolygonF run;
            auto flush = [&] {
                if (run.size() >= 2 && panel.style != SeriesStyle::Scatter) {
                    p.setPen(pen);
                    p.drawPolyline(run);
                }
                run.clear();
            };
            for (std::size_t i = 0; i < s.x.size(); ++i) {
                if (!visibleValue(panel, s.y[i])) {
                    flush();
                    continue;
                }
                run << QPointF(X(s.x[i]), Y(*s.y[i]));
            }
            flush();
            for (std::size_t i = 0; i < s.x.size(); ++i)
                if (visibleValue(panel, s.y[i]))
                    drawMarker(p, QPointF(X(s.x[i]), Y(*s.y[i])), markerOf(s, si), st.markerSize, colour);
        }
    }
    p.restore();

    // Axes: left and bottom only.
    p.setPen(QPen(st.axis, st.axisWidth, Qt::SolidLine, Qt::SquareCap));
    p.drawLine(QPointF(a.left(), a.top()), QPointF(a.left(), a.bottom()));
    p.drawLine(QPointF(a.left(), a.bottom()), QPointF(a.right(), a.bottom()));

    // x ticks and labels (multi-line labels centred; categories shrunk to their slots if needed).
    QFont xTickFont = tickFont;
    xTickFont.setPointSizeF(tickFont.pointSizeF() * L.xTickScale);
    const TextMetrics xfm(xTickFont, p.device());
    for (std::size_t i = 0; i < xs.ticks.size(); ++i) {
        const double x = X(xs.ticks[i]);
        p.setPen(QPen(st.axis, st.axisWidth));
        p.drawLine(QPointF(x, a.bottom()), QPointF(x, a.bottom() + st.tickLength));
        p.setPen(st.text);
        const QStringList lines = xs.labels[i].split(QLatin1Char('\n'));
        double base = a.bottom() + st.tickLength + 1.5 + xfm.ascent();
        for (const auto& line : lines) {
            drawLabel(p, x, base, line, xTickFont, HAlign::Centre);
            base += st.fontSize * 1.18;
        }
    }
    int xLines = 1;
    for (const auto& l : xs.labels) xLines = std::max(xLines, lineCount(l));
    p.setPen(st.text);
    const double ts = st.titleSize;
    if (!L.xLabel.isEmpty()) {
        QFont f = labelFont;
        f.setPointSizeF(labelFont.pointSizeF() * L.xLabelScale);
        double base = a.bottom() + st.tickLength + 1.5 + xLines * st.fontSize * 1.18 + ts * L.xLabelScale * 1.05;
        for (const auto& line : L.xLabel) {
            const double w = labelWidth(line, f, p.device());
            drawLabel(p, clampedCentre(a.center().x(), w, L.cell.left(), L.cell.right()), base, line, f, HAlign::Centre);
            base += ts * L.xLabelScale * kLineSpacing;
        }
    }
    if (!L.yLabel.isEmpty()) {
        QFont f = labelFont;
        f.setPointSizeF(labelFont.pointSizeF() * L.yLabelScale);
        // Rotated text reads upwards, so the first line is the leftmost.
        const double nearest = a.left() - st.tickLength - 2.0 - widestYTick(panel, yt, fm) - ts * L.yLabelScale * 0.7;
        const int nl = int(L.yLabel.size());
        for (int k = 0; k < nl; ++k)
            drawLabelVertical(p, nearest - (nl - 1 - k) * ts * L.yLabelScale * kLineSpacing, a.center().y(), L.yLabel[k], f);
    }
    if (!L.note.isEmpty()) {
        // Right-aligned just above the plot area, under the title, in the tick font.
        p.setPen(st.text);
        QFont nf = tickFont;
        const double w = labelWidth(L.note, nf, p.device());
        drawLabel(p, std::max(L.cell.left(), a.right() - w), a.top() - st.fontSize * 0.45, L.note, nf, HAlign::Left);
    }
    if (!L.title.isEmpty()) {
        QFont tf = figureFont(st.titleSize, true, p.device());
        tf.setPointSizeF(tf.pointSizeF() * L.titleScale);
        const int nl = int(L.title.size());
        for (int k = 0; k < nl; ++k) {
            const double w = labelWidth(L.title[k], tf, p.device());
            const double base = a.top() - (L.note.isEmpty() ? 0.0 : st.fontSize * 1.25) -
                                ts * L.titleScale * (0.7 + (nl - 1 - k) * kLineSpacing);
            drawLabel(p, clampedCentre(a.center().x(), w, L.cell.left(), L.cell.right()), base, L.title[k], tf, HAlign::Centre);
        }
    }
}


void PlotFigure::paint(QPainter& p) const {
    p.fillRect(QRectF(QPointF(0, 0), sizePt()), Qt::white);
    paintLegend(p);
    const auto panels = layout(p.device());
    for (int i = 0; i < int(data_.panels.size()); ++i) paintPanel(p, i, panels[std::size_t(i)]);
}

} // namespace ll::figure
