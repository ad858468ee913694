#pragma once
// FigureView: shows a ui/figure Figure in a widget, rendered by the exporters' raster path
// (figure::renderImage) at the resolution that fits the widget, so what is on screen is what the
// PNG export writes.
#include "figure/Figure.h"

#include <QImage>
#include <QWidget>

#include <memory>

namespace ll::ui {

class FigureView : public QWidget {
    Q_OBJECT
public:
    explicit FigureView(QWidget* parent = nullptr);
    void setFigure(std::shared_ptr<const figure::Figure> figure, const QString& placeholder = {});
    const std::shared_ptr<const figure::Figure>& figure() const { return figure_; }
    QSize sizeHint() const override { return {640, 380}; }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    void render();
    std::shared_ptr<const figure::Figure> figure_;
    QString placeholder_;
    QImage image_;
};

} // namespace ll::ui
