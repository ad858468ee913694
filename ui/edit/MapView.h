#pragma once
// MapView: a simple zoomable view of one image (a map on its colour table, or the input/edit) with
// optional boxes drawn over it in image coordinates. Wheel zooms around the cursor, left drag pans,
// double click fits. Zoomed in, pixels are drawn as squares (no smoothing). The zoom and pan arithmetic
// is the inspector's (ViewTransform).
#include "view/ViewTransform.h"

#include <QImage>
#include <QRect>
#include <QWidget>

#include <vector>

namespace ll::ui {

struct MapBox {
    QRect rect;    // image pixels, inclusive bounds as a QRect
    QString label; // drawn at the box's top-left
};

class MapView : public QWidget {
    Q_OBJECT
public:
    explicit MapView(QWidget* parent = nullptr);
    void setImage(const QImage& image, std::vector<MapBox> boxes = {});
    void setPlaceholder(const QString& text);
    const QImage& image() const { return image_; }
    const std::vector<MapBox>& boxes() const { return boxes_; }
    double zoom() const { return view_.scale; }
    void fit();
    QSize sizeHint() const override { return {560, 420}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void wheelEvent(QWheelEvent*) override;
    void mousePressEvent(QMouseEvent*) override;
    void mouseMoveEvent(QMouseEvent*) override;
    void mouseReleaseEvent(QMouseEvent*) override;
    void mouseDoubleClickEvent(QMouseEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    QImage image_;
    std::vector<MapBox> boxes_;
    QString placeholder_;
    ViewTransform view_;
    bool fitted_ = true, dragging_ = false;
    QPointF last_;
};

} // namespace ll::ui
