#pragma once
// Number formatting for figure text: fixed decimals, a true minus sign (U+2212), "n/a" for undefined,
// and short tick labels without trailing zeros.
#include <QString>

#include <optional>

namespace ll::figure {

QString fixedText(std::optional<double> value, int decimals);
// Shortest of %.{0..4}f that shows `value` to within 1e-9 of `step` (tick spacing); "0" for zero.
QString tickText(double value, double step);
// Replaces a leading '-' with U+2212.
QString withMinusSign(QString text);

} // namespace ll::figure
