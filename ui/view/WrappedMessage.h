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

// Draws `text` wrapped and centred in `pane` (with a margin) with the painter's pen and font.
void drawWrappedMessage(QPainter& p, const QRect& pane, const QString& text);

} // namespace ll::ui
