#include "figure/PdfEdits.h"

#include "util/Error.h"

#include <QList>

#include <algorithm>

namespace ll::figure {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Offset and digits of the number after the last "startxref".
std::pair<qsizetype, qsizetype> startxrefNumber(const QByteArray& pdf) {
    const qsizetype sx = pdf.lastIndexOf("startxref");
    if (sx < 0) throw ll::Error("PDF", "no startxref");
    qsizetype p = sx + 9;
    while (p < pdf.size() && isSpace(pdf[p])) ++p;
    qsizetype e = p;
    while (e < pdf.size() && pdf[e] >= '0' && pdf[e] <= '9') ++e;
    if (e == p) throw ll::Error("PDF", "startxref without an offset");
    return {p, e - p};
}

qsizetype xrefOffset(const QByteArray& pdf) {
    const auto [p, n] = startxrefNumber(pdf);
    const qsizetype x = pdf.mid(p, n).toLongLong();
    if (x < 0 || pdf.mid(x, 4) != "xref") throw ll::Error("PDF", "cross-reference table not where startxref says");
    return x;
}

// Calls f(entryOffset) for every in-use entry of the table at `x` ("oooooooooo ggggg n" lines of 20 bytes).
template <class F>
void forEachEntry(const QByteArray& pdf, qsizetype x, F f) {
    x += 4;
    while (true) {
        while (x < pdf.size() && isSpace(pdf[x])) ++x;
        if (x >= pdf.size() || pdf[x] < '0' || pdf[x] > '9') break;
        const qsizetype lineEnd = pdf.indexOf('\n', x);
        if (lineEnd < 0) throw ll::Error("PDF", "truncated cross-reference table");
        const QList<QByteArray> head = pdf.mid(x, lineEnd - x).trimmed().split(' ');
        if (head.size() != 2) throw ll::Error("PDF", "malformed cross-reference subsection");
        const int first = head[0].toInt();
        const int count = head[1].toInt();
        x = lineEnd + 1;
        for (int i = 0; i < count; ++i, x += 20) {
            if (x + 20 > pdf.size()) throw ll::Error("PDF", "truncated cross-reference table");
            if (pdf[x + 17] == 'n') f(first + i, x);
        }
    }
}

} // namespace

std::map<int, qsizetype> pdfObjectOffsets(const QByteArray& pdf) {
    std::map<int, qsizetype> out;
    forEachEntry(pdf, xrefOffset(pdf), [&](int number, qsizetype entry) { out[number] = pdf.mid(entry, 10).toLongLong(); });
    return out;
}

QByteArray pdfObject(const QByteArray& pdf, const std::map<int, qsizetype>& offsets, int number, qsizetype* start) {
    const auto it = offsets.find(number);
    if (it == offsets.end()) return {};
    // The object ends where the next one in the file (or the table) begins: binary stream data may
    // hold any bytes, "endobj" included.
    qsizetype end = xrefOffset(pdf);
    for (const auto& [n, off] : offsets)
        if (off > it->second && off < end) end = off;
    const qsizetype close = pdf.lastIndexOf("endobj", end);
    if (close < it->second) return {};
    if (start) *start = it->second;
    return pdf.mid(it->second, close - it->second);
}

int pdfReference(const QByteArray& object, const QByteArray& key) {
    qsizetype k = object.indexOf(key + ' ');
    while (k >= 0) {
        const qsizetype after = k + key.size();
        // The key must end there ("/Length" is not "/Length1").
        const QList<QByteArray> words = object.mid(after, 32).simplified().split(' ');
        if (words.size() >= 3 && words[1] == "0" && words[2].startsWith('R')) {
            bool ok = false;
            const int n = words[0].toInt(&ok);
            if (ok) return n;
        }
        k = object.indexOf(key + ' ', after);
    }
    return 0;
}

QByteArray pdfStreamData(const QByteArray& pdf, const std::map<int, qsizetype>& offsets, int number, qsizetype* dataAt) {
    qsizetype start = 0;
    const QByteArray obj = pdfObject(pdf, offsets, number, &start);
    qsizetype s = obj.indexOf("stream\n");
    if (s < 0) return {};
    const QByteArray dict = obj.left(s);
    s += 7;
    qsizetype length = -1;
    if (const int lenObj = pdfReference(dict, "/Length")) {
        const QByteArray l = pdfObject(pdf, offsets, lenObj);
        const qsizetype nl = l.indexOf("obj");
        if (nl >= 0) length = l.mid(nl + 3).trimmed().toLongLong();
    } else {
        const qsizetype k = dict.indexOf("/Length ");
        if (k >= 0) length = dict.mid(k + 8, 20).simplified().split(' ').value(0).toLongLong();
    }
    if (length < 0 || s + length > obj.size()) return {};
    if (dataAt) *dataAt = start + s;
    return obj.mid(s, length);
}

QByteArray applyPdfEdits(const QByteArray& pdf, std::vector<PdfEdit> edits) {
    if (edits.empty()) return pdf;
    std::sort(edits.begin(), edits.end(), [](const PdfEdit& a, const PdfEdit& b) { return a.at < b.at; });
    const qsizetype table = xrefOffset(pdf);
    for (std::size_t i = 0; i < edits.size(); ++i) {
        const PdfEdit& e = edits[i];
        if (e.at < 0 || e.length < 0 || e.at + e.length > table) throw ll::Error("PDF", "an edit reaches the cross-reference table");
        if (i > 0 && edits[i - 1].at + edits[i - 1].length > e.at) throw ll::Error("PDF", "overlapping edits");
    }
    // The new position of an offset: moved by every edit that ends at or before it.
    auto moved = [&](qsizetype off) {
        qsizetype d = 0;
        for (const PdfEdit& e : edits) {
            if (e.at >= off) break;
            if (e.at + e.length > off) throw ll::Error("PDF", "an edit spans the start of an object");
            d += e.text.size() - e.length;
        }
        return off + d;
    };
    QByteArray out;
    out.reserve(pdf.size());
    qsizetype from = 0;
    for (const PdfEdit& e : edits) {
        out.append(pdf.constData() + from, e.at - from);
        out.append(e.text);
        from = e.at + e.length;
    }
    out.append(pdf.constData() + from, pdf.size() - from);

    const qsizetype newTable = moved(table);
    forEachEntry(out, newTable, [&](int, qsizetype entry) {
        const qsizetype off = out.mid(entry, 10).toLongLong();
        out.replace(entry, 10, QByteArray::number(moved(off)).rightJustified(10, '0'));
    });
    const auto [p, n] = startxrefNumber(out);
    out.replace(p, n, QByteArray::number(newTable));
    return out;
}

} // namespace ll::figure
