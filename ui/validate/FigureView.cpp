#include "validate/FigureView.h"

#include "figure/FigureExport.h"

#include <QPainter>

#include <algorithm>

namespace ll::ui {

FigureView::FigureView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(240, 160);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FigureView::setFigure(std::shared_ptr<const figure::Figure> figure, const QString& placeholder) {
    figure_ = std::move(figure);
    placeholder_ = placeholder;
    render();
    update();
}

void FigureView::resizeEvent(QResizeEvent*) { render(); }

void FigureView::render() {
    image_ = {};
    if (!figure_ || width() < 10 || height() < 10) return;
    const QSizeF pt = figure_->sizePt();
    const double scale = std::min((width() - 8) / pt.width(), (height() - 8) / pt.height());
    const double dpr = devicePixelRatioF();
    image_ = figure::renderImage(*figure_, std::max(18.0, 72.0 * scale * dpr));
    image_.setDevicePixelRatio(dpr);
}

void FigureView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    if (image_.isNull()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
        return;
    }
    const QSizeF s = image_.deviceIndependentSize();
    p.drawImage(QPointF((width() - s.width()) / 2.0, (height() - s.height()) / 2.0), image_);
}

} // namespace ll::ui
