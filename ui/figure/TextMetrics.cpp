#include "figure/TextMetrics.h"

namespace ll::figure {

namespace {

constexpr int kReferencePixels = 1000;

} // namespace

QFont TextMetrics::bigFont(const QFont& font) {
    QFont big = font;
    big.setPixelSize(kReferencePixels);
    return big;
}

TextMetrics::TextMetrics(const QFont& font, const QPaintDevice* device)
    : big_(bigFont(font)),
      // figureFont sizes fonts for the device's DPI: its size in device units is pointSize * dpi / 72.
      scale_(font.pointSizeF() * (device ? double(device->logicalDpiY()) : 72.0) / 72.0 / kReferencePixels) {}

} // namespace ll::figure
