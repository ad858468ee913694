#include "view/ViewTransform.h"

#include <algorithm>
#include <cmath>

namespace ll::ui {

QPointF ViewTransform::toScreen(QPointF image, QSizeF widget) const {
    return (image - centre) * scale + QPointF(widget.width() / 2.0, widget.height() / 2.0);
}

QPointF ViewTransform::toImage(QPointF screen, QSizeF widget) const {
    return (screen - QPointF(widget.width() / 2.0, widget.height() / 2.0)) / scale + centre;
}

QRectF ViewTransform::visibleImageRect(QSizeF widget) const {
    return QRectF(toImage(QPointF(0, 0), widget), toImage(QPointF(widget.width(), widget.height()), widget));
}

ViewTransform ViewTransform::fit(QSize image, QSizeF widget, double maxFitScale) {
    ViewTransform t;
    t.centre = QPointF(image.width() / 2.0, image.height() / 2.0);
    if (image.isEmpty() || widget.isEmpty()) return t;
    t.scale = std::min(widget.width() / image.width(), widget.height() / image.height());
    t.scale = std::min(t.scale, maxFitScale);
    return t;
}

ViewTransform ViewTransform::zoomedAround(QPointF screenPos, QSizeF widget, double factor,
                                          double minScale) const {
    const QPointF anchor = toImage(screenPos, widget);
    ViewTransform t = *this;
    t.scale = std::clamp(scale * factor, std::min(minScale, kMaxScale), kMaxScale);
    // Keep `anchor` under the cursor: screenPos = (anchor - c') * s' + w/2.
    const QPointF offset = screenPos - QPointF(widget.width() / 2.0, widget.height() / 2.0);
    t.centre = anchor - offset / t.scale;
    return t;
}

ViewTransform ViewTransform::panned(QPointF screenDelta) const {
    ViewTransform t = *this;
    t.centre -= screenDelta / scale;
    return t;
}

ViewTransform ViewTransform::oneToOne(QSizeF widget) const {
    ViewTransform t = *this;
    t.scale = 1.0;
    // Put pixel edges on whole screen pixels: centre - w/2 must be an integer.
    t.centre.setX(std::round(centre.x() - widget.width() / 2.0) + widget.width() / 2.0);
    t.centre.setY(std::round(centre.y() - widget.height() / 2.0) + widget.height() / 2.0);
    return t;
}

double minimumScale(QSize image, QSizeF widget) {
    return 0.5 * ViewTransform::fit(image, widget).scale;
}

} // namespace ll::ui
