#pragma once
// A message drawn in the middle of an empty pane (a placeholder, or the error of a case): wrapped
// over as many centred lines as the pane needs instead of one clipped line. Long file paths can
// break after a path separator.
#include <QRect>
#include <QString>

class QFontMetrics;
class QPainter;

namespace ll::ui {

// `text` with a break opportunity (zero-width space) after each '/' and '\' for word wrapping.
QString breakableText(const QString& text);

// The flags and inner rectangle used by drawWrappedMessage.
int wrappedMessageFlags();
QRect wrappedMessageRect(const QRect& pane);

// Draws `text` wrapped and centred in `pane` (with a margin) with the painter's pen and font; with a
// `progress` in [0, 1], also a progress bar under the text. Returns the text's bounding rectangle.
QRect drawWrappedMessage(QPainter& p, const QRect& pane, const QString& text, double progress = -1.0);

// Where drawWrappedMessage puts the progress bar under text bounded by `textRect`.
QRect messageProgressRect(const QRect& pane, const QRect& textRect);

} // namespace ll::ui
