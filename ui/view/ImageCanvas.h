#pragma once
// ImageCanvas: one pane's image. Draws the visible part of an ImageSource from the mip level that
// matches the zoom (tiles from the shared TileCache), the overlays of the case, the pixel grid and
// the numeric values at high zoom, the hovered-pixel marker, and the A/B comparison (flicker or
// wipe) when it is pane A. Mouse: wheel zooms around the cursor (fit .. 1:1 .. 64x), left drag
// pans, double click fits, dragging the wipe handle moves the wipe. Pan/zoom go through the
// shared ViewState, so every pane of the grid follows.
#include "view/CaseOverlays.h"
#include "view/ImageSource.h"
#include "view/TileCache.h"
#include "view/ViewState.h"

#include <QPointer>
#include <QWidget>

namespace ll::ui {

class ImageCanvas : public QWidget {
    Q_OBJECT
public:
    ImageCanvas(ViewState* state, TileCache* tiles, QWidget* parent = nullptr);

    void setSource(SourcePtr source);
    const SourcePtr& source() const { return source_; }
    // What pane A shows for flicker / the right side of the wipe (null when not pane A).
    void setCompareSource(SourcePtr source);
    void setOverlays(OverlaysPtr overlays);
    const OverlaysPtr& overlays() const { return overlays_; }
    // Text shown when there is no source ("missing edit", "computing…").
    void setPlaceholder(const QString& text);
    // A progress bar under the placeholder, fraction in [0, 1]; negative: none.
    void setPlaceholderProgress(double fraction);
    const QString& placeholder() const { return placeholder_; }
    double placeholderProgress() const { return placeholderProgress_; }
    // The image size the transform refers to (all sources of a case share it).
    void setImageSize(QSize size);
    QSize imageSize() const { return imageSize_; }

    // Fits the image into this canvas and stores it in the shared state.
    void fit();
    void zoomBy(double factor); // around the canvas centre
    void oneToOne();
    // Wall time of the last paintEvent, milliseconds (for the view benchmark).
    double lastPaintMs() const { return lastPaintMs_; }
    // The mip level the last paint drew from.
    int lastLevel() const { return lastLevel_; }

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void leaveEvent(QEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    // Draws `source` clipped to `clip` (widget coordinates).
    void drawSource(QPainter& p, const ImageSource& source, const QRectF& clip);
    void drawOverlays(QPainter& p);
    void drawGridAndValues(QPainter& p, const ImageSource& source, const QRectF& clip);
    void drawHoverMarker(QPainter& p);
    bool comparing() const;
    double wipeX() const;

    QPointer<ViewState> state_;
    TileCache* tiles_;
    SourcePtr source_;
    SourcePtr compare_;
    OverlaysPtr overlays_;
    QString placeholder_;
    double placeholderProgress_ = -1.0;
    QSize imageSize_;
    QImage lastRegion_; // the composed region of the last draw (for value text contrast)
    QRect lastRegionRect_;
    int lastRegionLevel_ = 0;
    bool dragging_ = false;
    bool draggingWipe_ = false;
    QPointF lastMouse_;
    double lastPaintMs_ = 0.0;
    int lastLevel_ = 0;
};

} // namespace ll::ui
