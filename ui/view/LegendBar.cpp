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

LegendBar::LegendBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize LegendBar::sizeHint() const { return {300, wantedHeight(width() > 0 ? width() : 300)}; }

int LegendBar::categoricalRows(int width) const {
    if (!source_ || source_->kind() != SourceKind::Categorical) return 1;
    int rows = 1, x = 6;
    const int n = std::min(int(source_->palette().size()), int(source_->labelNames().size()));
    for (int i = 0; i < n; ++i) {
        const int w = fontMetrics().horizontalAdvance(displayName(source_->labelNames()[i])) + 24;
        if (x + w > width && x > 6) {
            ++rows;
            x = 6;
        }
        x += w;
    }
    return rows;
}

int LegendBar::wantedHeight(int width) const { return fontMetrics().height() * (categoricalRows(width) + 1) + 10; }

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
    if (!source_) return;

    const int barW = std::clamp(width() - 48 - 70, 40, 220);
    const QRect bar(6 + 42, 4, barW, lh - 4);
    auto labels = [&](const QString& lo, const QString& mid, const QString& hi) {
        p.setPen(text);
        p.drawText(QRect(0, 2, 44, lh), Qt::AlignRight | Qt::AlignVCenter, lo);
        p.drawText(QRect(bar.right() + 4, 2, 80, lh), Qt::AlignLeft | Qt::AlignVCenter, hi);
        if (!mid.isEmpty()) p.drawText(QRect(bar.center().x() - 30, 2, 60, lh), Qt::AlignCenter, mid);
    };
    switch (source_->kind()) {
    case SourceKind::Signed: {
        const double r = signedRangeFor(*source_, settings_);
        drawTable(p, bar, divergingMap());
        labels(fmt(-r), QString(), "+" + fmt(r));
        const QString note = settings_.autoSignedRange ? tr("auto (P99 |value|)") : tr("fixed");
        const QRect noteRect(bar.right() + 12 + fontMetrics().horizontalAdvance("+" + fmt(r)), 2, width(), lh);
        if (noteRect.left() + fontMetrics().horizontalAdvance(note) < width()) {
            p.setPen(dim);
            p.drawText(noteRect, Qt::AlignLeft | Qt::AlignVCenter, note);
        }
        break;
    }
    case SourceKind::Ratio:
        drawTable(p, bar, sequentialMap());
        labels(fmt(std::exp2(source_->rangeLow())), QString(), fmt(std::exp2(source_->rangeHigh())) + tr("  (log scale)"));
        break;
    case SourceKind::Colour:
        if (settings_.tonemap == Tonemap::FalseColour) {
            drawTable(p, bar, turboMap());
            labels(QString::number(kFalseColourLowEv - settings_.exposureEv, 'f', 1) + " EV", QString(),
                   QString::number(kFalseColourHighEv - settings_.exposureEv, 'f', 1) + tr(" EV (log2 luminance)"));
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
        int x = 6, y = 2;
        for (int i = 0; i < int(source_->palette().size()) && i < source_->labelNames().size(); ++i) {
            const QString name = displayName(source_->labelNames()[i]);
            const int w = fontMetrics().horizontalAdvance(name) + 24;
            if (x + w > width() && x > 6) {
                x = 6;
                y += lh;
            }
            p.fillRect(QRect(x, y + 3, 12, lh - 6), source_->palette()[std::size_t(i)]);
            p.setPen(QColor(0, 0, 0, 120));
            p.drawRect(QRect(x, y + 3, 12, lh - 6));
            p.setPen(text);
            p.drawText(QRect(x + 15, y, w, lh), Qt::AlignLeft | Qt::AlignVCenter, name);
            x += w;
        }
        break;
    }
    }
}

} // namespace ll::ui
