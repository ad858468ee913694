#include "edit/MapLegend.h"

#include <QPainter>

#include <cmath>

namespace ll::ui {

MapLegend::MapLegend(QWidget* parent) : QWidget(parent) { setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed); }

QSize MapLegend::sizeHint() const { return {320, fontMetrics().height() * 2 + 14}; }

void MapLegend::setLegend(const ColourTable* table, double lo, double hi, const QString& meaning, QColor swatch) {
    table_ = table;
    lo_ = lo;
    hi_ = hi;
    meaning_ = meaning;
    swatch_ = swatch;
    setToolTip(meaning);
    update();
}

void MapLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const int lh = fontMetrics().height();
    const QColor text = palette().color(QPalette::WindowText);
    const int barH = lh - 2;
    int x = 6;
    if (table_) {
        const QString los = QString::number(lo_, 'g', 3), his = QString::number(hi_, 'g', 3);
        p.setPen(text);
        const int low = fontMetrics().horizontalAdvance(los);
        p.drawText(QRect(x, 4, low, lh), Qt::AlignVCenter | Qt::AlignLeft, los);
        x += low + 6;
        const int barW = std::max(60, std::min(260, width() / 3));
        for (int i = 0; i < barW; ++i) {
            const int k = int(std::lround(double(i) / std::max(1, barW - 1) * 255.0));
            p.setPen(QColor::fromRgb((*table_)[std::size_t(k)]));
            p.drawLine(x + i, 5, x + i, 5 + barH);
        }
        p.setPen(QColor(0, 0, 0, 140));
        p.drawRect(x, 5, barW - 1, barH);
        x += barW + 6;
        p.setPen(text);
        p.drawText(QRect(x, 4, width() - x, lh), Qt::AlignVCenter | Qt::AlignLeft, his);
    } else if (swatch_.isValid()) {
        p.fillRect(QRect(x, 5, 2 * barH, barH), swatch_);
    }
    p.setPen(palette().color(QPalette::PlaceholderText).lighter(130));
    const QRect m(6, lh + 9, width() - 12, lh);
    p.drawText(m, Qt::AlignVCenter | Qt::AlignLeft, fontMetrics().elidedText(meaning_, Qt::ElideRight, m.width()));
}

} // namespace ll::ui
