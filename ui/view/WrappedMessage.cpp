#include "view/WrappedMessage.h"

#include <QPainter>

#include <algorithm>

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

QRect messageProgressRect(const QRect& pane, const QRect& textRect) {
    const QRect inner = wrappedMessageRect(pane);
    const int w = std::min(inner.width(), std::max(120, inner.width() * 2 / 5));
    return {inner.center().x() - w / 2, textRect.bottom() + 10, w, 6};
}

QRect drawWrappedMessage(QPainter& p, const QRect& pane, const QString& text, double progress) {
    QRect bounds;
    p.drawText(wrappedMessageRect(pane), wrappedMessageFlags(), breakableText(text), &bounds);
    if (progress >= 0.0) {
        const QRect bar = messageProgressRect(pane, bounds);
        p.save();
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x3a, 0x3f, 0x48));
        p.drawRect(bar);
        p.setBrush(QColor(0x5b, 0x9b, 0xd5));
        p.drawRect(QRect(bar.topLeft(), QSize(int(bar.width() * std::min(1.0, progress) + 0.5), bar.height())));
        p.restore();
    }
    return bounds;
}

} // namespace ll::ui
