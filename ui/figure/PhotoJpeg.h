#pragma once
// Photographs of a figure stored as JPEG in written PDF and SVG files (Figure.h PhotoEncoding).
// Qt writes every image losslessly (PDF: Flate-compressed RGB, with the LosslessImageRendering hint;
// SVG: PNG data: URIs); these functions then find the images whose pixels are exactly those of a
// photograph and store them as baseline JPEG of the chosen quality instead (PDF: /DCTDecode, with the
// stream length and cross-reference offsets corrected; SVG: data:image/jpeg). Images that are not
// photographs (error maps, masks, colour bars) keep their lossless encoding. Deterministic: the same
// images give the same bytes.
#include "figure/Figure.h"

#include <QByteArray>
#include <QImage>

namespace ll::figure {

// Baseline JPEG of `image` (RGB) at `quality` 1..100.
QByteArray jpegBytes(const QImage& image, int quality);

QByteArray jpegPhotosInPdf(const QByteArray& pdf, const PhotoEncoding& encoding);
QByteArray jpegPhotosInSvg(const QByteArray& svg, const PhotoEncoding& encoding);

} // namespace ll::figure
