#include "compose/FigurePreview.h"

#include <QPainter>

namespace ll::ui {

FigurePreview::FigurePreview(QWidget* parent) : QWidget(parent) {
    setMinimumSize(320, 200);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FigurePreview::setImage(const QImage& image) {
    image_ = image;
    update();
}

void FigurePreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Window).darker(115));
    if (image_.isNull()) return;
    const QRect area = rect().adjusted(12, 12, -12, -12);
    QSizeF size = image_.size();
    const double scale = std::min({1.0, area.width() / size.width(), area.height() / size.height()});
    size *= scale;
    const QRectF target(area.left() + (area.width() - size.width()) / 2.0, area.top() + (area.height() - size.height()) / 2.0,
                        size.width(), size.height());
    p.fillRect(target.adjusted(2, 2, 2, 2), QColor(0, 0, 0, 90)); // a hint of a page shadow
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(target, image_);
}

} // namespace ll::ui
