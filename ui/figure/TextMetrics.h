#pragma once
// Text measurements for figure layout in the font's design units, scaled to its size on a device.
// QFontMetricsF rounds glyph advances at the small pixel sizes figures use (7 pt fonts are 7 units
// tall in figure coordinates), by up to a quarter point per glyph, while Qt draws through a scaled
// painter at the design advances; a line measured with it can come out two points wider than
// measured. Measuring at a large exact pixel size and scaling gives what is drawn.
#include <QFont>
#include <QFontMetricsF>
#include <QPaintDevice>
#include <QString>

namespace ll::figure {

class TextMetrics {
public:
    // `font` as made by figureFont(size, bold, device) for the same device (null: 72 dpi).
    TextMetrics(const QFont& font, const QPaintDevice* device);
    double horizontalAdvance(const QString& text) const { return big_.horizontalAdvance(text) * scale_; }
    double ascent() const { return big_.ascent() * scale_; }
    double descent() const { return big_.descent() * scale_; }
    double underlinePos() const { return big_.underlinePos() * scale_; }
    double lineWidth() const { return big_.lineWidth() * scale_; }

private:
    static QFont bigFont(const QFont& font);
    QFontMetricsF big_;
    double scale_;
};

} // namespace ll::figure
