#pragma once
// Editing the bytes of a finished PDF (one written by Qt's PDF engine: a classic cross-reference table,
// no object streams) without breaking it: objects are found through the cross-reference table, edits
// replace byte ranges inside objects, and applyPdfEdits moves every cross-reference offset and
// startxref by the lengths the edits before it added or removed.
#include <QByteArray>

#include <map>
#include <vector>

namespace ll::figure {

struct PdfEdit {
    qsizetype at = 0;     // first byte replaced
    qsizetype length = 0; // bytes replaced (0: insert)
    QByteArray text;      // written instead
};

// Object number -> byte offset of "N 0 obj", from the cross-reference table startxref points at.
// Throws ll::Error("PDF", ...) when the table is missing or malformed.
std::map<int, qsizetype> pdfObjectOffsets(const QByteArray& pdf);

// The bytes of object `number` from "N 0 obj" up to (not including) its "endobj"; `start` receives
// the offset of its first byte. Empty when the object is not in the table.
QByteArray pdfObject(const QByteArray& pdf, const std::map<int, qsizetype>& offsets, int number, qsizetype* start = nullptr);

// The number N of the first "/Key N 0 R" reference in `object` (0 when absent).
int pdfReference(const QByteArray& object, const QByteArray& key);

// The data of a stream object (between "stream\n" and "\nendstream"); `dataAt` receives its offset in
// the file. The length comes from /Length (direct, or an indirect "N 0 R" object).
QByteArray pdfStreamData(const QByteArray& pdf, const std::map<int, qsizetype>& offsets, int number,
                         qsizetype* dataAt = nullptr);

// Applies non-overlapping edits (any order) to the objects of `pdf` and corrects the cross-reference
// table and startxref. Throws ll::Error("PDF", ...) when edits overlap or reach the table.
QByteArray applyPdfEdits(const QByteArray& pdf, std::vector<PdfEdit> edits);

} // namespace ll::figure
