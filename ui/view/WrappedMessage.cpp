#include "view/WrappedMessage.h"

#include <QPainter>

namespace ll::ui {

QString breakableText(const QString& text) {
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        out += c;
        if (c == u'/' || c == u'\\') out += QChar(0x200B);
    }
    return out;
}

int wrappedMessageFlags() { return Qt::AlignCenter | Qt::TextWordWrap; }

QRect wrappedMessageRect(const QRect& pane) { return pane.adjusted(12, 12, -12, -12); }

void drawWrappedMessage(QPainter& p, const QRect& pane, const QString& text) {
    p.drawText(wrappedMessageRect(pane), wrappedMessageFlags(), breakableText(text));
}

} // namespace ll::ui
