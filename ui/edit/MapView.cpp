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
    view_ = ViewTransform::fit(image_.size(), QSizeF(size()), ViewTransform::kMaxScale);
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
    const QSizeF widget(size());
    auto screenRect = [&](const QRectF& r) {
        return QRectF(view_.toScreen(r.topLeft(), widget), view_.toScreen(r.bottomRight(), widget));
    };
    p.setRenderHint(QPainter::SmoothPixmapTransform, view_.scale < 1.0);
    p.drawImage(screenRect(QRectF(QPointF(0, 0), QSizeF(image_.size()))), image_);
    if (boxes_.empty()) return;
    p.setRenderHint(QPainter::Antialiasing, false);
    QFont f = font();
    f.setBold(true);
    p.setFont(f);
    for (const MapBox& b : boxes_) {
        const QRectF r = screenRect(QRectF(b.rect));
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
    const QSizeF widget(size());
    view_ = view_.zoomedAround(e->position(), widget, factor, minimumScale(image_.size(), widget));
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
    view_ = view_.panned(e->position() - last_);
    last_ = e->position();
    fitted_ = false;
    update();
}

void MapView::mouseReleaseEvent(QMouseEvent*) { dragging_ = false; }

void MapView::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

} // namespace ll::ui
