#pragma once
// ViewTransform: where an image sits in a pane. `centre` is the image point (in image pixels,
// continuous coordinates: pixel (x, y) covers [x, x+1) x [y, y+1)) shown at the middle of the
// widget, `scale` is screen pixels per image pixel. Panes of a grid share one transform, so the
// same image point stays under the same place in every pane even when pane sizes differ slightly.
// Pure value type: all the zoom/pan arithmetic lives here and is unit tested.
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QSizeF>

namespace ll::ui {

struct ViewTransform {
    QPointF centre{0, 0};
    double scale = 1.0;

    static constexpr double kMaxScale = 64.0;

    QPointF toScreen(QPointF image, QSizeF widget) const;
    QPointF toImage(QPointF screen, QSizeF widget) const;
    // The image rectangle visible in a widget of this size.
    QRectF visibleImageRect(QSizeF widget) const;

    // The transform that fits an image of `image` size into `widget` (never above 1:1... unless
    // the image is smaller than the widget, then up to `maxFitScale`), centred.
    static ViewTransform fit(QSize image, QSizeF widget, double maxFitScale = 8.0);
    // Scale by `factor` keeping the image point under `screenPos` fixed; the result is clamped to
    // [minScale, kMaxScale].
    ViewTransform zoomedAround(QPointF screenPos, QSizeF widget, double factor, double minScale) const;
    // Moves the image by a screen-space delta (drag).
    ViewTransform panned(QPointF screenDelta) const;
    // Same scale and the image pixel at the widget centre aligned to the pixel grid at 1:1.
    ViewTransform oneToOne(QSizeF widget) const;

    bool operator==(const ViewTransform& o) const { return centre == o.centre && scale == o.scale; }
};

// The smallest scale the user may zoom out to: half the fit scale.
double minimumScale(QSize image, QSizeF widget);

} // namespace ll::ui
