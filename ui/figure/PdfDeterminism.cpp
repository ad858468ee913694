#include "figure/PdfDeterminism.h"

#include "util/Error.h"

#include <QDateTime>
#include <QTimeZone>

#include <cstdlib>
#include <string>

namespace ll::figure {

QByteArray fixedPdfDate() {
    qint64 seconds = 946684800; // 2000-01-01T00:00:00Z
    if (const char* env = std::getenv("SOURCE_DATE_EPOCH")) {
        char* end = nullptr;
        const long long v = std::strtoll(env, &end, 10);
        if (end && *end == '\0' && end != env && v >= 0) seconds = v;
    }
    const QDateTime t = QDateTime::fromSecsSinceEpoch(seconds, QTimeZone::utc());
    return "D:" + t.toString(QStringLiteral("yyyyMMddHHmmss")).toLatin1() + "Z";
}

namespace {

// Replaces "(...)" after `key` once; returns the offset of the change and the length difference.
bool replaceDate(QByteArray& pdf, const QByteArray& key, const QByteArray& date, qsizetype& at, qsizetype& delta) {
    const qsizetype k = pdf.indexOf(key);
    if (k < 0) return false;
    const qsizetype open = pdf.indexOf('(', k + key.size());
    const qsizetype close = open < 0 ? -1 : pdf.indexOf(')', open);
    if (open < 0 || close < 0 || open - (k + key.size()) > 2) return false;
    const qsizetype oldLen = close - open - 1;
    pdf.replace(open + 1, oldLen, date);
    at = open;
    delta = date.size() - oldLen;
    return true;
}

// Adds `delta` to every cross-reference offset greater than `at`, and to startxref.
void shiftOffsets(QByteArray& pdf, qsizetype at, qsizetype delta) {
    const qsizetype sx = pdf.lastIndexOf("startxref");
    if (sx < 0) throw ll::Error("PDF", "no startxref");
    qsizetype p = sx + 9;
    while (p < pdf.size() && (pdf[p] == '\n' || pdf[p] == '\r' || pdf[p] == ' ')) ++p;
    qsizetype e = p;
    while (e < pdf.size() && pdf[e] >= '0' && pdf[e] <= '9') ++e;
    const long long xrefOld = std::stoll(pdf.mid(p, e - p).toStdString());
    const long long xrefNew = xrefOld > at ? xrefOld + delta : xrefOld;
    pdf.replace(p, e - p, QByteArray::number(xrefNew));

    qsizetype x = qsizetype(xrefNew);
    if (pdf.mid(x, 4) != "xref") throw ll::Error("PDF", "cross-reference table not where startxref says");
    x += 4;
    // Subsections: "first count" then count entries of exactly 20 bytes "oooooooooo ggggg n\r\n".
    while (true) {
        while (x < pdf.size() && (pdf[x] == '\n' || pdf[x] == '\r' || pdf[x] == ' ')) ++x;
        if (x >= pdf.size() || pdf[x] < '0' || pdf[x] > '9') break;
        const qsizetype lineEnd = pdf.indexOf('\n', x);
        if (lineEnd < 0) throw ll::Error("PDF", "truncated cross-reference table");
        const QList<QByteArray> head = pdf.mid(x, lineEnd - x).trimmed().split(' ');
        if (head.size() != 2) throw ll::Error("PDF", "malformed cross-reference subsection");
        const int count = head[1].toInt();
        x = lineEnd + 1;
        for (int i = 0; i < count; ++i, x += 20) {
            if (x + 20 > pdf.size()) throw ll::Error("PDF", "truncated cross-reference table");
            if (pdf[x + 17] != 'n') continue;
            const long long off = pdf.mid(x, 10).toLongLong();
            if (off > at) pdf.replace(x, 10, QByteArray::number(off + delta).rightJustified(10, '0'));
        }
    }
}

} // namespace

QByteArray fixPdfCreationDate(const QByteArray& input, const QByteArray& date) {
    QByteArray pdf = input;
    for (const char* key : {"/CreationDate", "/ModDate"}) {
        qsizetype at = 0, delta = 0;
        if (replaceDate(pdf, key, date, at, delta) && delta != 0) shiftOffsets(pdf, at, delta);
    }
    return pdf;
}

} // namespace ll::figure
