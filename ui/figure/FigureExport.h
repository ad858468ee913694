#pragma once
// Writing a Figure as vector PDF (QPdfWriter), SVG (QSvgGenerator) or PNG (QImage).
// Text stays text in PDF and SVG (PDF embeds subsets of the DejaVu Sans font, tagged as subsets:
// PdfFontTags.h); image tiles are embedded losslessly (Flate, PNG) at the pixel size the figure
// prepared them at, except the photographs a figure allows as JPEG (PhotoJpeg.h). The same figure gives
// byte-identical files: the PDF creation date is fixed (PdfDeterminism.h), SVG and PNG carry no time.
#include "figure/Figure.h"

#include <QByteArray>
#include <QImage>

#include <filesystem>
#include <string>

namespace ll::figure {

enum class FigureFormat { Pdf, Svg, Png };

// From the file extension (.pdf, .svg, .png; any case). Throws ll::Error naming the path otherwise.
FigureFormat formatForPath(const std::filesystem::path& path);
const char* formatName(FigureFormat format);

struct ExportOptions {
    double pngDpi = 300.0;     // resolution of PNG output
    QString creator = QStringLiteral("LightLens");
};

QByteArray renderPdf(const Figure& figure, const ExportOptions& options = {});
QByteArray renderSvg(const Figure& figure, const ExportOptions& options = {});
// White background, size = round(sizePt / 72 * dpi); the PNG records the DPI.
QImage renderImage(const Figure& figure, double dpi);
QByteArray renderPng(const Figure& figure, const ExportOptions& options = {});
QByteArray renderFigure(const Figure& figure, FigureFormat format, const ExportOptions& options = {});

// Renders by the path's extension and writes the file atomically. Throws ll::Error naming the path.
void exportFigure(const Figure& figure, const std::filesystem::path& path, const ExportOptions& options = {});

} // namespace ll::figure
