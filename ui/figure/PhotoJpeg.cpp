#include "figure/PhotoJpeg.h"

#include "figure/PdfEdits.h"
#include "util/Error.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QImageWriter>
#include <QList>

#include <map>

namespace ll::figure {

namespace {

// Identifies an image by its size and 8-bit RGB pixels (rows without padding).
QByteArray pixelKey(int w, int h, const QByteArray& rgb) {
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArray::number(w) + 'x' + QByteArray::number(h) + ':');
    hash.addData(rgb);
    return hash.result();
}

QByteArray rgbRows(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB888);
    QByteArray out;
    out.reserve(qsizetype(rgb.width()) * rgb.height() * 3);
    for (int y = 0; y < rgb.height(); ++y) out.append(reinterpret_cast<const char*>(rgb.constScanLine(y)), qsizetype(rgb.width()) * 3);
    return out;
}

// Pixel key -> JPEG bytes of every photograph.
std::map<QByteArray, QByteArray> photoJpegs(const PhotoEncoding& e) {
    std::map<QByteArray, QByteArray> out;
    for (const QImage& img : e.photos) {
        if (img.isNull()) continue;
        const QByteArray key = pixelKey(img.width(), img.height(), rgbRows(img));
        if (!out.count(key)) out[key] = jpegBytes(img, e.quality);
    }
    return out;
}

int dictInt(const QByteArray& dict, const QByteArray& key) {
    const qsizetype k = dict.indexOf(key + ' ');
    return k < 0 ? -1 : dict.mid(k + key.size() + 1, 16).simplified().split(' ').value(0).toInt();
}

} // namespace

QByteArray jpegBytes(const QImage& image, int quality) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "jpeg");
    writer.setQuality(quality);
    if (!writer.write(image.convertToFormat(QImage::Format_RGB32)))
        throw ll::Error("figure", "cannot encode JPEG: " + writer.errorString().toStdString());
    return bytes;
}

QByteArray jpegPhotosInPdf(const QByteArray& pdf, const PhotoEncoding& encoding) {
    if (!encoding.jpeg || encoding.photos.empty()) return pdf;
    const auto jpegs = photoJpegs(encoding);
    const auto offsets = pdfObjectOffsets(pdf);
    std::vector<PdfEdit> edits;
    for (const auto& [n, off] : offsets) {
        qsizetype start = 0;
        const QByteArray obj = pdfObject(pdf, offsets, n, &start);
        const qsizetype s = obj.indexOf("stream\n");
        if (s < 0) continue;
        const QByteArray dict = obj.left(s);
        // Only plain 8-bit RGB images without transparency, as Qt writes opaque tiles.
        if (!dict.contains("/Subtype /Image") || !dict.contains("/ColorSpace /DeviceRGB") || !dict.contains("/BitsPerComponent 8") ||
            dict.contains("/SMask") || dict.contains("/Mask"))
            continue;
        const qsizetype filter = dict.indexOf("/Filter /FlateDecode");
        const int lengthObject = pdfReference(dict, "/Length");
        const int w = dictInt(dict, "/Width"), h = dictInt(dict, "/Height");
        if (filter < 0 || lengthObject <= 0 || w <= 0 || h <= 0) continue;
        qsizetype dataAt = 0;
        const QByteArray data = pdfStreamData(pdf, offsets, n, &dataAt);
        const qsizetype expected = qsizetype(w) * h * 3;
        QByteArray zipped(4, '\0');
        for (int i = 0; i < 4; ++i) zipped[i] = char((expected >> (8 * (3 - i))) & 0xff);
        const QByteArray rgb = qUncompress(zipped + data);
        if (rgb.size() != expected) continue;
        const auto it = jpegs.find(pixelKey(w, h, rgb));
        if (it == jpegs.end()) continue;
        qsizetype lengthAt = 0;
        const QByteArray lengthObj = pdfObject(pdf, offsets, lengthObject, &lengthAt);
        const qsizetype num = lengthObj.indexOf("obj\n");
        if (num < 0) continue;
        const qsizetype numEnd = lengthObj.indexOf('\n', num + 4);
        edits.push_back({start + filter, 20, "/Filter /DCTDecode"});
        edits.push_back({dataAt, data.size(), it->second});
        edits.push_back({lengthAt + num + 4, numEnd - (num + 4), QByteArray::number(it->second.size())});
    }
    return applyPdfEdits(pdf, std::move(edits));
}

QByteArray jpegPhotosInSvg(const QByteArray& svg, const PhotoEncoding& encoding) {
    if (!encoding.jpeg || encoding.photos.empty()) return svg;
    const auto jpegs = photoJpegs(encoding);
    static const QByteArray png = "data:image/png;base64,";
    QByteArray out;
    out.reserve(svg.size());
    qsizetype from = 0;
    for (qsizetype at = svg.indexOf(png); at >= 0; at = svg.indexOf(png, from)) {
        const qsizetype s = at + png.size();
        const qsizetype e = svg.indexOf('"', s);
        if (e < 0) break;
        out.append(svg.constData() + from, at - from);
        const QByteArray payload = svg.mid(s, e - s);
        const QImage img = QImage::fromData(QByteArray::fromBase64(payload), "PNG");
        const auto it = img.isNull() ? jpegs.end() : jpegs.find(pixelKey(img.width(), img.height(), rgbRows(img)));
        if (it == jpegs.end()) out.append(png).append(payload);
        else out.append("data:image/jpeg;base64,").append(it->second.toBase64());
        from = e;
    }
    out.append(svg.constData() + from, svg.size() - from);
    return out;
}

} // namespace ll::figure
