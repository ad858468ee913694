#pragma once
// The boxes of the text a figure draws, for tests of its layout: every label goes through RichLabel.h
// (drawLabel, drawLabelVertical, drawPlainText), which reports the box of its ink here while a
// TextBoxRecorder is alive. So the boxes are those of the text as drawn, not a second computation
// of where it should be.
#include "figure/Figure.h"

#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

namespace ll::figure {

struct TextBox {
    QRectF rect;        // ink bounds in points (page coordinates), of a whole label with its scripts
    QString text;       // as given to the drawing function ("E_R" for E with a subscript R)
    double points = 0;  // font size in the figure's points (scripts are 70% of it)
};

// Collects the text boxes drawn on this thread while it is alive (in device coordinates of the
// painter). Recorders do not nest.
class TextBoxRecorder {
public:
    TextBoxRecorder();
    ~TextBoxRecorder();
    TextBoxRecorder(const TextBoxRecorder&) = delete;
    TextBoxRecorder& operator=(const TextBoxRecorder&) = delete;
    std::vector<TextBox> boxes;
};

// Whether a recorder is alive (the drawing functions then measure the outlines of what they draw).
bool recordingTextBoxes();

// The outline bounds of `text` drawn at `baseline` in `font` on `device` (from the glyph outlines,
// unlike QFontMetricsF::tightBoundingRect, which rounds to whole units).
QRectF inkBox(const QPointF& baseline, const QString& text, const QFont& font, const QPaintDevice* device);

// Called by the label drawing functions: `local` is the ink box in the painter's current coordinates.
// Does nothing unless a recorder is alive.
void recordTextBox(const QPainter& p, const QRectF& local, const QString& text, const QFont& font);

// Draws the figure into an image at `dpi` and returns the box of every piece of text, in points.
std::vector<TextBox> figureTextBoxes(const Figure& figure, double dpi = 288.0);

} // namespace ll::figure
