#include "view/LegendBar.h"

#include "view/ColourMaps.h"
#include "view/RegionRenderer.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ll::ui {
namespace {

QString fmt(double v) { return QString::number(v, 'g', 3); }

QString displayName(QString name) { return name.replace('_', ' '); }

void drawTable(QPainter& p, const QRect& r, const ColourTable& t) {
    for (int x = 0; x < r.width(); ++x) {
        const int i = int(std::lround(double(x) / std::max(1, r.width() - 1) * 255.0));
        p.setPen(QColor::fromRgb(t[std::size_t(i)]));
        p.drawLine(r.left() + x, r.top(), r.left() + x, r.bottom());
    }
    p.setPen(QColor(0, 0, 0, 120));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(0, 0, -1, -1));
}

} // namespace

LegendBarLayout legendBarLayout(const QFontMetrics& fm, int width, int lh, const QString& low, const QString& high,
                                const QString& highLong) {
    constexpr int margin = 6, gap = 4, minBar = 40, maxBar = 220;
    LegendBarLayout l;
    const int lowW = fm.horizontalAdvance(low) + 1;
    const int fixed = margin + lowW + gap + gap + margin;
    l.highText = highLong.isEmpty() || fixed + minBar + fm.horizontalAdvance(highLong) + 1 > width ? high : highLong;
    const int highW = fm.horizontalAdvance(l.highText) + 1;
    const int barW = std::clamp(width - fixed - highW, minBar, maxBar);
    l.low = QRect(margin, 2, lowW, lh);
    l.bar = QRect(l.low.right() + 1 + gap, 4, barW, lh - 4);
    l.high = QRect(l.bar.right() + 1 + gap, 2, highW, lh);
    return l;
}

LegendBar::LegendBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize LegendBar::sizeHint() const { return {300, wantedHeight(width() > 0 ? width() : 300)}; }

int LegendBar::flowRows(int width, int x, const QStringList& names) const {
    int rows = 1;
    for (const QString& name : names) {
        const int w = fontMetrics().horizontalAdvance(displayName(name)) + 24;
        if (x + w > width && x > 6) {
            ++rows;
            x = 6;
        }
        x += w;
    }
    return rows;
}

int LegendBar::categoricalRows(int width) const {
    if (!source_ || source_->kind() != SourceKind::Categorical) return 1;
    const int n = std::min(int(source_->palette().size()), int(source_->labelNames().size()));
    return flowRows(width, 6, source_->labelNames().mid(0, n));
}

int LegendBar::overlayRows(int width) const {
    if (overlays_.empty()) return 0;
    QStringList names;
    for (const auto& e : overlays_) names << e.name;
    return flowRows(width, 6 + fontMetrics().horizontalAdvance(tr("Overlays:")) + 8, names);
}

int LegendBar::wantedHeight(int width) const {
    return fontMetrics().height() * (categoricalRows(width) + overlayRows(width) + 1) + 10;
}

void LegendBar::setOverlayEntries(std::vector<OverlayLegendEntry> entries) {
    if (entries == overlays_) return;
    overlays_ = std::move(entries);
    relayout();
    update();
}

void LegendBar::relayout() {
    const int h = wantedHeight(width());
    if (h != height()) {
        setFixedHeight(h);
        updateGeometry();
    }
}

void LegendBar::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    relayout();
}

void LegendBar::setLegend(SourcePtr source, const DisplaySettings& settings, const QString& formula) {
    source_ = std::move(source);
    settings_ = settings;
    formula_ = formula;
    // Everything the strip may have to shorten, in full on hover.
    QString tip = formula_;
    if (source_ && source_->kind() == SourceKind::Signed)
        tip += "\n" + (settings_.autoSignedRange ? tr("Range: ±P99 of |value| over the valid pixels (auto)") : tr("Range: fixed (typed)"));
    setToolTip(tip);
    relayout();
    update();
}

void LegendBar::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const int lh = fontMetrics().height();
    const QColor text = palette().color(QPalette::WindowText);
    const QColor dim = palette().color(QPalette::PlaceholderText);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    p.setFont(small);
    const QRect formulaRect(6, height() - lh - 4, width() - 12, lh);
    p.setPen(dim);
    p.drawText(formulaRect, Qt::AlignLeft | Qt::AlignVCenter,
               fontMetrics().elidedText(formula_, Qt::ElideRight, formulaRect.width()));
    // Entries flowing over rows from (x0, y); returns nothing (the rows were sized by relayout()).
    auto flow = [&](int x, int y, const auto& names, const auto& colours, int count) {
        for (int i = 0; i < count; ++i) {
            const QString name = displayName(names(i));
            const int w = fontMetrics().horizontalAdvance(name) + 24;
            if (x + w > width() && x > 6) {
                x = 6;
                y += lh;
            }
            p.fillRect(QRect(x, y + 3, 12, lh - 6), colours(i));
            p.setPen(QColor(0, 0, 0, 120));
            p.drawRect(QRect(x, y + 3, 12, lh - 6));
            p.setPen(text);
            p.drawText(QRect(x + 15, y, w, lh), Qt::AlignLeft | Qt::AlignVCenter, name);
            x += w;
        }
    };
    if (!overlays_.empty()) {
        const int y = 2 + lh * (source_ ? categoricalRows(width()) : 1);
        p.setPen(dim);
        const QString title = tr("Overlays:");
        p.drawText(QRect(6, y, width(), lh), Qt::AlignLeft | Qt::AlignVCenter, title);
        flow(6 + fontMetrics().horizontalAdvance(title) + 8, y, [&](int i) { return overlays_[std::size_t(i)].name; },
             [&](int i) { return overlays_[std::size_t(i)].colour; }, int(overlays_.size()));
    }
    if (!source_) return;

    // A colour bar with its end labels measured in the strip's font (legendBarLayout), and a dim note
    // after the high label when there is room.
    auto colourBar = [&](const ColourTable& table, const QString& lo, const QString& hi, const QString& hiLong,
                         const QString& note = {}) {
        const LegendBarLayout l = legendBarLayout(p.fontMetrics(), width(), lh, lo, hi, hiLong);
        drawTable(p, l.bar, table);
        p.setPen(text);
        p.drawText(l.low, Qt::AlignLeft | Qt::AlignVCenter, lo);
        p.drawText(l.high, Qt::AlignLeft | Qt::AlignVCenter, l.highText);
        const int noteX = l.high.right() + 9;
        if (!note.isEmpty() && noteX + p.fontMetrics().horizontalAdvance(note) < width()) {
            p.setPen(dim);
            p.drawText(QRect(noteX, 2, width() - noteX, lh), Qt::AlignLeft | Qt::AlignVCenter, note);
        }
    };
    switch (source_->kind()) {
    case SourceKind::Signed: {
        const double r = signedRangeFor(*source_, settings_);
        colourBar(divergingMap(), fmt(-r), "+" + fmt(r), {}, settings_.autoSignedRange ? tr("auto (P99 |value|)") : tr("fixed"));
        break;
    }
    case SourceKind::Ratio: {
        const QString hi = fmt(std::exp2(source_->rangeHigh()));
        colourBar(sequentialMap(), fmt(std::exp2(source_->rangeLow())), hi, hi + tr("  (log scale)"));
        break;
    }
    case SourceKind::Colour:
        if (settings_.tonemap == Tonemap::FalseColour) {
            const QString hi = QString::number(kFalseColourHighEv - settings_.exposureEv, 'f', 1) + " EV";
            colourBar(turboMap(), QString::number(kFalseColourLowEv - settings_.exposureEv, 'f', 1) + " EV", hi,
                      hi + tr(" (log2 luminance)"));
        } else {
            p.setPen(text);
            p.drawText(QRect(6, 2, width() - 12, lh), Qt::AlignLeft | Qt::AlignVCenter,
                       tr("linear HDR, exposure %1 EV, %2")
                           .arg(settings_.exposureEv, 0, 'f', 1)
                           .arg(settings_.tonemap == Tonemap::Srgb ? tr("sRGB display (OCIO)")
                                                                   : tr("gamma %1").arg(settings_.gamma, 0, 'f', 2)));
        }
        break;
    case SourceKind::Categorical: {
        // Every entry, flowing onto as many rows as the pane's width needs (relayout() sized the strip).
        const int n = std::min(int(source_->palette().size()), int(source_->labelNames().size()));
        flow(6, 2, [&](int i) { return source_->labelNames()[i]; }, [&](int i) { return QColor(source_->palette()[std::size_t(i)]); }, n);
        break;
    }
    }
}

} // namespace ll::ui
