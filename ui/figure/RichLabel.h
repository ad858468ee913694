#pragma once
// Short figure labels with TeX-like sub- and superscripts, drawn as real text (it stays text in PDF
// and SVG): "E_R" -> E with subscript R, "S(M_{R}) - S(M_{G})", "x^{2}". Only `_` and `^` are special;
// "\_" writes an underscore. Scripts use 70% of the font size and shift the baseline by 25% / 40%.
#include <QFont>
#include <QPainter>
#include <QString>
#include <QStringList>

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

// Draws `text` as it is (no sub- or superscripts: "_" stays an underscore), baseline at y.
void drawPlainText(QPainter& p, double x, double baselineY, const QString& text, const QFont& font, HAlign align);

// The label split at spaces into lines no wider than `maxWidth` (a word wider than that gets a line
// of its own). Explicit "\n" in the label always break.
QStringList wrapLabel(const QString& label, const QFont& font, const QPaintDevice* device, double maxWidth);

// Like wrapLabel, but with at most `maxLines` lines: when the words do not fit, the font is shrunk
// (never below `minScale` times its size) until they do. Returns the lines; `font` is updated to the
// size used. The text is never cut: at the smallest size the lines may stay too wide.
QStringList fitLabel(const QString& label, QFont& font, const QPaintDevice* device, double maxWidth, int maxLines,
                     double minScale);

} // namespace ll::figure
