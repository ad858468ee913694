#include "figure/PdfFontTags.h"

#include "figure/PdfEdits.h"

#include <QCryptographicHash>
#include <QList>

#include <map>

namespace ll::figure {

namespace {

bool isDelimiter(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '/' || c == '[' || c == ']' || c == '<' || c == '>' ||
           c == '(' || c == ')' || c == '{' || c == '}' || c == '%';
}

bool hasTag(const QByteArray& name) {
    if (name.size() < 8 || name[6] != '+') return false;
    for (int i = 0; i < 6; ++i)
        if (name[i] < 'A' || name[i] > 'Z') return false;
    return true;
}

// The name after "/Key /" in `dict` (its offset in `at`), or empty.
QByteArray nameValue(const QByteArray& dict, const QByteArray& key, qsizetype* at) {
    const qsizetype k = dict.indexOf(key + " /");
    if (k < 0) return {};
    const qsizetype s = k + key.size() + 2;
    qsizetype e = s;
    while (e < dict.size() && !isDelimiter(dict[e])) ++e;
    *at = s;
    return dict.mid(s, e - s);
}

QByteArray dictionaryOf(const QByteArray& object) {
    const qsizetype s = object.indexOf("stream\n");
    return s < 0 ? object : object.left(s);
}

} // namespace

QByteArray pdfSubsetTag(const QByteArray& name, const QByteArray& fontData) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(name);
    h.addData(fontData);
    const QByteArray d = h.result();
    QByteArray tag(6, 'A');
    for (int i = 0; i < 6; ++i) tag[i] = char('A' + int(static_cast<unsigned char>(d[i])) % 26);
    return tag;
}

QByteArray tagPdfFontSubsets(const QByteArray& pdf) {
    const std::map<int, qsizetype> offsets = pdfObjectOffsets(pdf);
    std::map<int, QByteArray> dicts;
    std::map<int, qsizetype> starts;
    for (const auto& [n, off] : offsets) {
        qsizetype start = 0;
        dicts[n] = dictionaryOf(pdfObject(pdf, offsets, n, &start));
        starts[n] = start;
    }
    std::vector<PdfEdit> edits;
    std::map<int, QByteArray> tagged; // font descriptor -> tagged name
    for (const auto& [n, dict] : dicts) {
        if (!dict.contains("/Type /FontDescriptor")) continue;
        int file = 0;
        for (const char* key : {"/FontFile2", "/FontFile3", "/FontFile"})
            if (!file) file = pdfReference(dict, key);
        if (!file) continue;
        qsizetype at = 0;
        const QByteArray name = nameValue(dict, "/FontName", &at);
        if (name.isEmpty()) continue;
        const QByteArray base = hasTag(name) ? name.mid(7) : name;
        const QByteArray full = pdfSubsetTag(base, pdfStreamData(pdf, offsets, file)) + '+' + base;
        tagged[n] = full;
        if (full != name) edits.push_back({starts[n] + at, name.size(), full});
    }
    auto descriptorName = [&](int font) -> QByteArray {
        const auto it = tagged.find(pdfReference(dicts[font], "/FontDescriptor"));
        return it == tagged.end() ? QByteArray() : it->second;
    };
    for (const auto& [n, dict] : dicts) {
        if (!dict.contains("/Type /Font\n") && !dict.contains("/Type /Font ")) continue;
        QByteArray full = descriptorName(n);
        // A Type0 font names its descendant's font.
        if (full.isEmpty()) {
            const qsizetype d = dict.indexOf("/DescendantFonts [");
            if (d >= 0) {
                const int cid = dict.mid(d + 18, 16).simplified().split(' ').value(0).toInt();
                if (dicts.count(cid)) full = descriptorName(cid);
            }
        }
        if (full.isEmpty()) continue;
        qsizetype at = 0;
        const QByteArray name = nameValue(dict, "/BaseFont", &at);
        if (!name.isEmpty() && name != full) edits.push_back({starts[n] + at, name.size(), full});
    }
    return applyPdfEdits(pdf, std::move(edits));
}

} // namespace ll::figure
