#pragma once
// Short figure labels with TeX-like sub- and superscripts, drawn as real text (it stays text in PDF
// and SVG): "E_R" -> E with subscript R, "S(M_{R}) - S(M_{G})", "x^{2}". Only `_` and `^` are special;
// "\_" writes an underscore. Scripts use 70% of the font size and shift the baseline by 25% / 40%.
#include <QFont>
#include <QPainter>
#include <QString>

#include <vector>

namespace ll::figure {

struct LabelRun {
    QString text;
    int script = 0; // 0 normal, -1 subscript, +1 superscript
};

std::vector<LabelRun> parseLabel(const QString& label);

// Width and (ascent, descent) of a label set in `font` on the painter's device.
double labelWidth(const QString& label, const QFont& font, const QPaintDevice* device);

enum class HAlign { Left, Centre, Right };

// Draws the label with its baseline at y; x is the left edge, centre or right edge per `align`.
void drawLabel(QPainter& p, double x, double baselineY, const QString& label, const QFont& font, HAlign align);

// Draws the label rotated 90 degrees counter-clockwise (reading bottom to top), centred on (cx, cy).
void drawLabelVertical(QPainter& p, double cx, double cy, const QString& label, const QFont& font);

} // namespace ll::figure
