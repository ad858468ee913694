#pragma once
// Subset fonts in a PDF carry a tag of six capital letters before their name ("EOODIA+DejaVuSans",
// PDF 32000-1 9.6.4), so readers and preflight tools know the font is incomplete. Qt 6.4 tags only the
// FontDescriptor's /FontName (with letters from the object number) and leaves /BaseFont bare.
// tagPdfFontSubsets gives every embedded font one tag in /BaseFont (Type0 and CIDFont) and /FontName,
// derived from the font: the first six bytes of SHA-256(name + embedded font file), each mod 26.
// The same fonts give the same tags, so files stay byte-identical run to run.
#include <QByteArray>

namespace ll::figure {

// "ABCDEF" for a font name (without any tag) and the bytes of its embedded font stream.
QByteArray pdfSubsetTag(const QByteArray& name, const QByteArray& fontData);

// Returns `pdf` with tagged font names and corrected cross-reference offsets. Fonts without an
// embedded font file are left as they are. Throws ll::Error("PDF", ...) on a malformed table.
QByteArray tagPdfFontSubsets(const QByteArray& pdf);

} // namespace ll::figure
