#include "view/ImageCanvas.h"
#include "view/WrappedMessage.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <cmath>
#include <cstring>

namespace ll::ui {
namespace {
constexpr double kGridScale = 8.0;     // pixel grid from this zoom on
constexpr double kValuesScale = 40.0;  // numeric values from this zoom on
const QColor kBackground(0x1b, 0x1c, 0x1f);
} // namespace

ImageCanvas::ImageCanvas(ViewState* state, TileCache* tiles, QWidget* parent)
    : QWidget(parent), state_(state), tiles_(tiles) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(120, 90);
    setFocusPolicy(Qt::NoFocus);
    auto repaint = [this] { update(); };
    connect(state_, &ViewState::transformChanged, this, repaint);
    connect(state_, &ViewState::displayChanged, this, repaint);
    connect(state_, &ViewState::overlaysChanged, this, repaint);
    connect(state_, &ViewState::compareChanged, this, repaint);
    connect(state_, &ViewState::hoverChanged, this, repaint);
}

void ImageCanvas::setSource(SourcePtr source) {
    source_ = std::move(source);
    if (source_) imageSize_ = source_->size();
    update();
}

void ImageCanvas::setCompareSource(SourcePtr source) {
    compare_ = std::move(source);
    update();
}

void ImageCanvas::setOverlays(OverlaysPtr overlays) {
    overlays_ = std::move(overlays);
    update();
}

void ImageCanvas::setPlaceholder(const QString& text) {
    placeholder_ = text;
    update();
}

void ImageCanvas::setPlaceholderProgress(double fraction) {
    if (fraction == placeholderProgress_) return;
    placeholderProgress_ = fraction;
    if (!source_) update();
}

void ImageCanvas::setImageSize(QSize size) { imageSize_ = size; }

void ImageCanvas::fit() {
    if (imageSize_.isEmpty()) return;
    state_->setTransform(ViewTransform::fit(imageSize_, size()), true);
}

void ImageCanvas::zoomBy(double factor) {
    state_->setTransform(state_->transform().zoomedAround(QPointF(width() / 2.0, height() / 2.0), size(), factor,
                                                          minimumScale(imageSize_, size())));
}

void ImageCanvas::oneToOne() { state_->setTransform(state_->transform().oneToOne(size())); }

bool ImageCanvas::comparing() const {
    const auto& c = state_->compare();
    return compare_ && (c.flicker || c.wipe);
}

double ImageCanvas::wipeX() const { return state_->compare().wipePosition * width(); }

void ImageCanvas::paintEvent(QPaintEvent*) {
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    p.fillRect(rect(), kBackground);
    const QRectF all(rect());
    if (!source_) {
        p.setPen(QColor(0x8a, 0x8f, 0x98));
        drawWrappedMessage(p, rect(), placeholder_.isEmpty() ? tr("No image") : placeholder_,
                           placeholder_.isEmpty() ? -1.0 : placeholderProgress_);
    } else if (comparing() && state_->compare().flicker) {
        drawSource(p, *compare_, all);
        drawGridAndValues(p, *compare_, all);
    } else if (comparing()) {
        const double x = wipeX();
        drawSource(p, *source_, QRectF(0, 0, x, height()));
        drawGridAndValues(p, *source_, QRectF(0, 0, x, height()));
        drawSource(p, *compare_, QRectF(x, 0, width() - x, height()));
        drawGridAndValues(p, *compare_, QRectF(x, 0, width() - x, height()));
    } else {
        drawSource(p, *source_, all);
        drawGridAndValues(p, *source_, all);
    }
    if (source_ || overlays_) drawOverlays(p);
    drawHoverMarker(p);
    if (source_ && comparing()) {
        p.setRenderHint(QPainter::Antialiasing);
        const auto& c = state_->compare();
        p.setPen(QPen(QColor(255, 255, 255, 230), 1.5));
        QString tag = c.flicker ? tr("B") : QString();
        if (c.wipe && !c.flicker) {
            const double x = wipeX();
            p.drawLine(QPointF(x, 0), QPointF(x, height()));
            p.setBrush(QColor(30, 30, 34, 220));
            p.drawEllipse(QPointF(x, height() / 2.0), 9, 9);
            p.drawText(QRectF(x - 40, 6, 34, 18), Qt::AlignRight | Qt::AlignVCenter, tr("A"));
            p.drawText(QRectF(x + 6, 6, 34, 18), Qt::AlignLeft | Qt::AlignVCenter, tr("B"));
        } else {
            p.setBrush(QColor(30, 30, 34, 220));
            p.drawRoundedRect(QRectF(width() - 34, 6, 26, 20), 4, 4);
            p.drawText(QRectF(width() - 34, 6, 26, 20), Qt::AlignCenter, tag);
        }
    }
    lastPaintMs_ = double(timer.nsecsElapsed()) / 1e6;
}

void ImageCanvas::drawSource(QPainter& p, const ImageSource& source, const QRectF& clip) {
    const ViewTransform& t = state_->transform();
    const QSizeF ws = size();
    int level = 0;
    if (t.scale < 1.0) level = std::min(source.levelCount() - 1, int(std::floor(std::log2(1.0 / t.scale))));
    lastLevel_ = level;
    const double ls = double(1 << level); // image pixels per level pixel
    const MipLevel& l = source.level(level);

    // Visible level pixels (screen clip -> image -> level).
    const QRectF vis(t.toImage(clip.topLeft(), ws), t.toImage(clip.bottomRight(), ws));
    const int x0 = std::max(0, int(std::floor(vis.left() / ls)));
    const int y0 = std::max(0, int(std::floor(vis.top() / ls)));
    const int x1 = std::min(l.width, int(std::ceil(vis.right() / ls)));
    const int y1 = std::min(l.height, int(std::ceil(vis.bottom() / ls)));
    if (x1 <= x0 || y1 <= y0) return;

    const int ts = TileCache::kTileSize;
    std::vector<QPoint> coords;
    for (int ty = y0 / ts; ty <= (y1 - 1) / ts; ++ty)
        for (int tx = x0 / ts; tx <= (x1 - 1) / ts; ++tx) coords.emplace_back(tx, ty);
    const std::vector<QImage> tiles = tiles_->tiles(source, level, coords, state_->display());

    // Compose the visible tiles into one image, then draw it once (no seams between tiles).
    const QRect region(x0, y0, x1 - x0, y1 - y0);
    QImage composed(region.size(), QImage::Format_RGB32);
    for (std::size_t i = 0; i < coords.size(); ++i) {
        const QRect tr(coords[i].x() * ts, coords[i].y() * ts, tiles[i].width(), tiles[i].height());
        const QRect part = tr.intersected(region);
        for (int y = part.top(); y <= part.bottom(); ++y) {
            const auto* src = reinterpret_cast<const QRgb*>(tiles[i].constScanLine(y - tr.y())) + (part.x() - tr.x());
            auto* dst = reinterpret_cast<QRgb*>(composed.scanLine(y - region.y())) + (part.x() - region.x());
            std::memcpy(dst, src, std::size_t(part.width()) * sizeof(QRgb));
        }
    }
    if (level == 0) {
        lastRegion_ = composed;
        lastRegionRect_ = region;
    }
    lastRegionLevel_ = level;

    const QPointF topLeft = t.toScreen(QPointF(x0 * ls, y0 * ls), ws);
    // The last level pixel may cover less than 2^L image pixels; clamp the target to the image.
    const double right = std::min(double(x1) * ls, double(source.width()));
    const double bottom = std::min(double(y1) * ls, double(source.height()));
    const QPointF bottomRight = t.toScreen(QPointF(right, bottom), ws);
    p.save();
    p.setClipRect(clip);
    p.setRenderHint(QPainter::SmoothPixmapTransform, t.scale * ls < 0.999);
    p.drawImage(QRectF(topLeft, bottomRight), composed);
    p.restore();
}

void ImageCanvas::drawGridAndValues(QPainter& p, const ImageSource& source, const QRectF& clip) {
    const ViewTransform& t = state_->transform();
    if (!state_->overlays().pixelGrid || t.scale < kGridScale) return;
    const QSizeF ws = size();
    const QRectF vis(t.toImage(clip.topLeft(), ws), t.toImage(clip.bottomRight(), ws));
    const int x0 = std::max(0, int(std::floor(vis.left())));
    const int y0 = std::max(0, int(std::floor(vis.top())));
    const int x1 = std::min(source.width(), int(std::ceil(vis.right())));
    const int y1 = std::min(source.height(), int(std::ceil(vis.bottom())));
    if (x1 <= x0 || y1 <= y0) return;
    p.save();
    p.setClipRect(clip);
    const int alpha = int(std::min(1.0, (t.scale - kGridScale) / kGridScale + 0.3) * 70);
    p.setPen(QPen(QColor(0, 0, 0, alpha), 1));
    for (int x = x0; x <= x1; ++x) {
        const double sx = std::round(t.toScreen(QPointF(x, 0), ws).x()) + 0.5;
        p.drawLine(QPointF(sx, t.toScreen(QPointF(0, y0), ws).y()), QPointF(sx, t.toScreen(QPointF(0, y1), ws).y()));
    }
    for (int y = y0; y <= y1; ++y) {
        const double sy = std::round(t.toScreen(QPointF(0, y), ws).y()) + 0.5;
        p.drawLine(QPointF(t.toScreen(QPointF(x0, 0), ws).x(), sy), QPointF(t.toScreen(QPointF(x1, 0), ws).x(), sy));
    }
    if (t.scale >= kValuesScale) {
        QFont f = font();
        f.setPixelSize(std::max(8, std::min(12, int(t.scale / 5))));
        p.setFont(f);
        for (int y = y0; y < y1; ++y) {
            for (int x = x0; x < x1; ++x) {
                const QRectF cell(t.toScreen(QPointF(x, y), ws), QSizeF(t.scale, t.scale));
                bool dark = true;
                if (lastRegionLevel_ == 0 && lastRegionRect_.contains(x, y)) {
                    const QRgb c = lastRegion_.pixel(x - lastRegionRect_.x(), y - lastRegionRect_.y());
                    dark = qGray(c) > 120;
                }
                p.setPen(dark ? QColor(0, 0, 0, 220) : QColor(255, 255, 255, 230));
                p.drawText(cell, Qt::AlignCenter, source.describe(x, y));
            }
        }
    }
    p.restore();
}

void ImageCanvas::drawOverlays(QPainter& p) {
    if (!overlays_) return;
    const OverlayOptions& o = state_->overlays();
    const ViewTransform& t = state_->transform();
    const QSizeF ws = size();
    const QRectF vis = t.visibleImageRect(ws).intersected(QRectF(QPointF(0, 0), QSizeF(overlays_->size)));
    if (vis.isEmpty()) return;
    // Source rectangle in whole pixels so scaled overlay images stay aligned with the image.
    const QRect src(QPoint(int(std::floor(vis.left())), int(std::floor(vis.top()))),
                    QPoint(int(std::ceil(vis.right())) - 1, int(std::ceil(vis.bottom())) - 1));
    const QRectF dst(t.toScreen(src.topLeft(), ws), t.toScreen(QPointF(src.right() + 1, src.bottom() + 1), ws));
    p.save();
    if (o.omega && !overlays_->outsideOmega.isNull()) {
        p.setOpacity(o.opacity);
        p.drawImage(dst, overlays_->outsideOmega, src);
        p.setOpacity(1.0);
    }
    if (o.bandContours && !overlays_->bandContours.isNull()) p.drawImage(dst, overlays_->bandContours, src);
    if (o.annotations) {
        p.setRenderHint(QPainter::Antialiasing);
        QTransform xf;
        xf.translate(ws.width() / 2.0, ws.height() / 2.0);
        xf.scale(t.scale, t.scale);
        xf.translate(-t.centre.x(), -t.centre.y());
        for (const auto& shape : overlays_->annotations) {
            if (o.hiddenClasses.contains(shape.className)) continue;
            const QPainterPath path = xf.map(shape.path);
            QColor fill = shape.colour;
            fill.setAlphaF(float(0.45 * o.opacity));
            p.fillPath(path, fill);
            p.setPen(QPen(shape.colour, 1.6));
            p.drawPath(path);
        }
    }
    p.restore();
}

void ImageCanvas::drawHoverMarker(QPainter& p) {
    const QPoint h = state_->hover();
    if (h.x() < 0 || imageSize_.isEmpty() || underMouse()) return;
    const ViewTransform& t = state_->transform();
    const QPointF c = t.toScreen(QPointF(h.x() + 0.5, h.y() + 0.5), size());
    if (!rect().contains(c.toPoint())) return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const double r = std::max(4.0, t.scale * 0.5);
    p.setPen(QPen(QColor(0, 0, 0, 160), 3));
    p.drawLine(c - QPointF(r + 6, 0), c - QPointF(r, 0));
    p.drawLine(c + QPointF(r, 0), c + QPointF(r + 6, 0));
    p.drawLine(c - QPointF(0, r + 6), c - QPointF(0, r));
    p.drawLine(c + QPointF(0, r), c + QPointF(0, r + 6));
    p.setPen(QPen(QColor(255, 255, 255, 230), 1.2));
    p.drawLine(c - QPointF(r + 6, 0), c - QPointF(r, 0));
    p.drawLine(c + QPointF(r, 0), c + QPointF(r + 6, 0));
    p.drawLine(c - QPointF(0, r + 6), c - QPointF(0, r));
    p.drawLine(c + QPointF(0, r), c + QPointF(0, r + 6));
    p.restore();
}

void ImageCanvas::wheelEvent(QWheelEvent* e) {
    if (imageSize_.isEmpty()) return;
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0) return;
    const double factor = std::pow(2.0, notches / 4.0);
    state_->setTransform(state_->transform().zoomedAround(e->position(), size(), factor,
                                                          minimumScale(imageSize_, size())));
    e->accept();
}

void ImageCanvas::mousePressEvent(QMouseEvent* e) {
    if (e->button() != Qt::LeftButton && e->button() != Qt::MiddleButton) return;
    lastMouse_ = e->position();
    if (comparing() && state_->compare().wipe && !state_->compare().flicker &&
        std::abs(e->position().x() - wipeX()) < 10) {
        draggingWipe_ = true;
    } else {
        dragging_ = true;
        setCursor(Qt::ClosedHandCursor);
    }
}

void ImageCanvas::mouseMoveEvent(QMouseEvent* e) {
    if (draggingWipe_) {
        CompareOptions c = state_->compare();
        c.wipePosition = std::clamp(e->position().x() / std::max(1, width()), 0.0, 1.0);
        state_->setCompare(c);
    } else if (dragging_) {
        state_->setTransform(state_->transform().panned(e->position() - lastMouse_));
        lastMouse_ = e->position();
    }
    if (!imageSize_.isEmpty()) {
        const QPointF ip = state_->transform().toImage(e->position(), size());
        const QPoint px(int(std::floor(ip.x())), int(std::floor(ip.y())));
        state_->setHover(QRect(QPoint(0, 0), imageSize_).contains(px) ? px : QPoint(-1, -1));
    }
}

void ImageCanvas::mouseReleaseEvent(QMouseEvent*) {
    dragging_ = draggingWipe_ = false;
    unsetCursor();
}

void ImageCanvas::mouseDoubleClickEvent(QMouseEvent*) { fit(); }

void ImageCanvas::leaveEvent(QEvent*) { state_->setHover(QPoint(-1, -1)); }

void ImageCanvas::resizeEvent(QResizeEvent*) {
    if (state_->fitMode()) fit();
}

} // namespace ll::ui
