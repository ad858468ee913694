#include "edit/MapView.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace ll::ui {

MapView::MapView(QWidget* parent) : QWidget(parent) {
    setMinimumSize(200, 150);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setMouseTracking(false);
}

void MapView::setImage(const QImage& image, std::vector<MapBox> boxes) {
    const bool sameSize = image.size() == image_.size();
    image_ = image;
    boxes_ = std::move(boxes);
    if (!sameSize || fitted_) fit();
    update();
}

void MapView::setPlaceholder(const QString& text) {
    placeholder_ = text;
    update();
}

void MapView::fit() {
    fitted_ = true;
    if (image_.isNull() || width() < 2 || height() < 2) return;
    scale_ = std::min(double(width()) / image_.width(), double(height()) / image_.height());
    offset_ = QPointF((width() - image_.width() * scale_) / 2.0, (height() - image_.height() * scale_) / 2.0);
    update();
}

void MapView::resizeEvent(QResizeEvent*) {
    if (fitted_) fit();
}

void MapView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), QColor(24, 24, 26));
    if (image_.isNull()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
        return;
    }
    p.setRenderHint(QPainter::SmoothPixmapTransform, scale_ < 1.0);
    const QRectF target(offset_, QSizeF(image_.width() * scale_, image_.height() * scale_));
    p.drawImage(target, image_);
    if (boxes_.empty()) return;
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont f = font();
    f.setBold(true);
    p.setFont(f);
    for (const MapBox& b : boxes_) {
        const QRectF r(offset_.x() + b.rect.left() * scale_, offset_.y() + b.rect.top() * scale_, b.rect.width() * scale_,
                       b.rect.height() * scale_);
        p.setPen(QPen(QColor(0, 0, 0), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        p.setPen(QPen(QColor(255, 80, 200), 1.5));
        p.drawRect(r);
        if (!b.label.isEmpty()) {
            const QRectF tr(r.left(), r.top() - fontMetrics().height() - 2, fontMetrics().horizontalAdvance(b.label) + 8,
                            fontMetrics().height() + 2);
            p.fillRect(tr, QColor(0, 0, 0, 170));
            p.setPen(QColor(255, 170, 230));
            p.drawText(tr, Qt::AlignCenter, b.label);
        }
    }
}

void MapView::wheelEvent(QWheelEvent* e) {
    if (image_.isNull()) return;
    const double factor = std::pow(2.0, e->angleDelta().y() / 240.0);
    const double s = std::clamp(scale_ * factor, 0.05, 64.0);
    const QPointF c = e->position();
    offset_ = c - (c - offset_) * (s / scale_);
    scale_ = s;
    fitted_ = false;
    update();
}

void MapView::mousePressEvent(QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) {
        dragging_ = true;
        last_ = e->position();
    }
}

void MapView::mouseMoveEvent(QMouseEvent* e) {
    if (!dragging_) return;
    offset_ += e->position() - last_;
    last_ = e->position();
    fitted_ = false;
    update();
}

void MapView::mouseReleaseEvent(QMouseEvent*) { dragging_ = false; }

void MapView::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

} // namespace ll::ui
