#pragma once
// FigurePreview: shows a rendered figure (a QImage drawn at some DPI) on a neutral page background,
// scaled to fit the widget's width (never enlarged), with a one-line status or error under it.
#include <QImage>
#include <QWidget>

namespace ll::ui {

class FigurePreview : public QWidget {
    Q_OBJECT
public:
    explicit FigurePreview(QWidget* parent = nullptr);

    void setImage(const QImage& image);
    const QImage& image() const { return image_; }
    void clear() { setImage({}); }
    QSize sizeHint() const override { return {720, 420}; }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    QImage image_;
};

} // namespace ll::ui
