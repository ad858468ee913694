#include "figure/TextBoxes.h"

#include "figure/FigureExport.h"

#include <QPainterPath>

namespace ll::figure {

namespace {

thread_local TextBoxRecorder* gRecorder = nullptr;

} // namespace

TextBoxRecorder::TextBoxRecorder() { gRecorder = this; }

TextBoxRecorder::~TextBoxRecorder() { gRecorder = nullptr; }

bool recordingTextBoxes() { return gRecorder != nullptr; }

QRectF inkBox(const QPointF& baseline, const QString& text, const QFont& font, const QPaintDevice* device) {
    // The font's size in units of the device (figureFont sizes fonts for the device's DPI); the
    // outline is taken at an exact pixel size and scaled, as QPainterPath would otherwise size the
    // font for the screen.
    const double dpi = device ? double(device->logicalDpiY()) : 72.0;
    const double units = font.pointSizeF() * dpi / 72.0;
    QFont big = font;
    big.setPixelSize(1000);
    QPainterPath path;
    path.addText(QPointF(0, 0), big, text);
    const QRectF r = path.boundingRect();
    const double s = units / 1000.0;
    return QRectF(baseline.x() + r.x() * s, baseline.y() + r.y() * s, r.width() * s, r.height() * s);
}

void recordTextBox(const QPainter& p, const QRectF& local, const QString& text, const QFont& font) {
    if (!gRecorder || local.isEmpty()) return;
    // The world transform holds the exporter's scale and any rotation (vertical labels); fonts are
    // sized for the device's logical DPI (figureFont), so this gives the size in figure points.
    const double dpi = p.device() ? double(p.device()->logicalDpiY()) : 72.0;
    gRecorder->boxes.push_back({p.worldTransform().mapRect(local), text, font.pointSizeF() * dpi / 72.0});
}

std::vector<TextBox> figureTextBoxes(const Figure& figure, double dpi) {
    TextBoxRecorder recorder;
    renderImage(figure, dpi);
    std::vector<TextBox> out = std::move(recorder.boxes);
    const double toPoints = 72.0 / dpi;
    for (auto& b : out)
        b.rect = QRectF(b.rect.x() * toPoints, b.rect.y() * toPoints, b.rect.width() * toPoints, b.rect.height() * toPoints);
    return out;
}

} // namespace ll::figure
