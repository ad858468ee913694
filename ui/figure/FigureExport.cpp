#include "figure/FigureExport.h"

#include "figure/PdfDeterminism.h"
#include "figure/PdfFontTags.h"
#include "figure/PhotoJpeg.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <QBuffer>
#include <QHashSeed>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace ll::figure {

namespace {

constexpr int kPdfResolution = 720; // device units per inch inside the PDF writer (10 per point)

void checkSize(const Figure& figure) {
    const QSizeF s = figure.sizePt();
    if (!(s.width() >= 1.0 && s.height() >= 1.0 && s.width() < 14400.0 && s.height() < 14400.0))
        throw ll::Error("figure", "page size " + std::to_string(s.width()) + " x " + std::to_string(s.height()) +
                                      " pt is out of range");
}

void setUpPainter(QPainter& p) {
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.setRenderHint(QPainter::LosslessImageRendering, true);
}

} // namespace

FigureFormat formatForPath(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == ".pdf") return FigureFormat::Pdf;
    if (ext == ".svg") return FigureFormat::Svg;
    if (ext == ".png") return FigureFormat::Png;
    throw ll::Error(path.string(), "unknown figure format '" + ext + "' (expected .pdf, .svg or .png)");
}

const char* formatName(FigureFormat format) {
    switch (format) {
    case FigureFormat::Pdf: return "pdf";
    case FigureFormat::Svg: return "svg";
    case FigureFormat::Png: return "png";
    }
    return "?";
}

QByteArray renderPdf(const Figure& figure, const ExportOptions& options) {
    checkSize(figure);
    QByteArray bytes;
    // Qt's PDF engine keeps its font subsets in a QHash and writes them in hash order, which follows
    // the per-process random hash seed: two processes would order the regular and bold fonts
    // differently. A deterministic seed while the PDF is written makes the order (and the file) stable.
    struct DeterministicHashSeed {
        DeterministicHashSeed() { QHashSeed::setDeterministicGlobalSeed(); }
        ~DeterministicHashSeed() { QHashSeed::resetRandomGlobalSeed(); }
    } seed;
    {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        writer.setCreator(options.creator);
        writer.setTitle(figure.title());
        writer.setResolution(kPdfResolution);
        const QSizeF s = figure.sizePt();
        writer.setPageLayout(QPageLayout(QPageSize(s, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0), QPageLayout::Point));
        QPainter p;
        if (!p.begin(&writer)) throw ll::Error("figure", "cannot start the PDF writer");
        setUpPainter(p);
        p.scale(kPdfResolution / 72.0, kPdfResolution / 72.0);
        figure.paint(p);
        p.end();
    }
    return tagPdfFontSubsets(jpegPhotosInPdf(fixPdfCreationDate(bytes, fixedPdfDate()), figure.photoEncoding()));
}

QByteArray renderSvg(const Figure& figure, const ExportOptions& options) {
    checkSize(figure);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buffer);
    gen.setResolution(72);
    const QSizeF s = figure.sizePt();
    gen.setSize(QSize(int(std::lround(s.width())), int(std::lround(s.height()))));
    gen.setViewBox(QRectF(0, 0, std::round(s.width()), std::round(s.height())));
    gen.setTitle(figure.title());
    gen.setDescription(QStringLiteral("Made with ") + options.creator);
    QPainter p;
    if (!p.begin(&gen)) throw ll::Error("figure", "cannot start the SVG generator");
    setUpPainter(p);
    figure.paint(p);
    p.end();
    return jpegPhotosInSvg(bytes, figure.photoEncoding());
}

QImage renderImage(const Figure& figure, double dpi) {
    checkSize(figure);
    if (!(dpi >= 10.0 && dpi <= 2400.0)) throw ll::Error("figure", "dpi " + std::to_string(dpi) + " is out of range 10..2400");
    const QSizeF s = figure.sizePt();
    const int w = int(std::lround(s.width() / 72.0 * dpi));
    const int h = int(std::lround(s.height() / 72.0 * dpi));
    QImage img(w, h, QImage::Format_RGB32);
    if (img.isNull()) throw ll::Error("figure", "cannot allocate a " + std::to_string(w) + "x" + std::to_string(h) + " image");
    img.fill(Qt::white);
    const int dpm = int(std::lround(dpi / 0.0254));
    img.setDotsPerMeterX(dpm);
    img.setDotsPerMeterY(dpm);
    QPainter p(&img);
    setUpPainter(p);
    // Fonts are sized for the device's logical DPI (figureFont), which follows dots-per-metre.
    p.scale(dpi / 72.0, dpi / 72.0);
    figure.paint(p);
    p.end();
    return img;
}

QByteArray renderPng(const Figure& figure, const ExportOptions& options) {
    const QImage img = renderImage(figure, options.pngDpi);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(img)) throw ll::Error("figure", "cannot encode PNG: " + writer.errorString().toStdString());
    return bytes;
}

QByteArray renderFigure(const Figure& figure, FigureFormat format, const ExportOptions& options) {
    switch (format) {
    case FigureFormat::Pdf: return renderPdf(figure, options);
    case FigureFormat::Svg: return renderSvg(figure, options);
    case FigureFormat::Png: return renderPng(figure, options);
    }
    return {};
}

void exportFigure(const Figure& figure, const std::filesystem::path& path, const ExportOptions& options) {
    const FigureFormat format = formatForPath(path);
    const QByteArray bytes = renderFigure(figure, format, options);
    writeFileAtomic(path, std::string_view(bytes.constData(), std::size_t(bytes.size())));
}

} // namespace ll::figure
