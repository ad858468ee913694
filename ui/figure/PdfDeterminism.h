#pragma once
// Qt 6.4's PDF writer puts the time of writing into the document information dictionary
// ("/CreationDate (D:20261129210626Z)"; checked against Qt 6.4.2: it writes no XMP metadata and no
// /ID, and font subsets get stable names), so two renders of the same figure differ in those bytes
// only. fixPdfCreationDate replaces that date with a fixed one and, when the length changes (a local
// time zone offset such as +01'00'), shifts the cross-reference offsets that follow, so the file stays
// valid and renders of the same figure are byte-identical.
#include <QByteArray>

namespace ll::figure {

// The date written instead: 2000-01-01 00:00:00 UTC, or SOURCE_DATE_EPOCH (seconds since 1970, UTC)
// when that environment variable holds a valid number (the reproducible-builds convention).
QByteArray fixedPdfDate();

// Returns `pdf` with /CreationDate (and /ModDate, if present) set to `date` ("D:YYYYMMDDHHmmSSZ").
// Throws ll::Error("PDF", ...) when the file's cross-reference table cannot be found.
QByteArray fixPdfCreationDate(const QByteArray& pdf, const QByteArray& date);

} // namespace ll::figure
