#include "figure/NumberText.h"

#include <cmath>

namespace ll::figure {

QString withMinusSign(QString text) {
    if (text.startsWith(QLatin1Char('-'))) text.replace(0, 1, QChar(0x2212));
    return text;
}

QString fixedText(std::optional<double> value, int decimals) {
    if (!value || !std::isfinite(*value)) return QStringLiteral("n/a");
    double v = *value;
    if (std::fabs(v) < 0.5 * std::pow(10.0, -decimals)) v = 0.0; // no "-0.000"
    return withMinusSign(QString::number(v, 'f', decimals));
}

QString tickText(double value, double step) {
    if (std::fabs(value) < 1e-12 * std::max(1.0, std::fabs(step))) return QStringLiteral("0");
    for (int d = 0; d <= 4; ++d) {
        const double scale = std::pow(10.0, d);
        if (std::fabs(std::round(value * scale) / scale - value) <= 1e-6 * std::max(std::fabs(step), 1e-12))
            return withMinusSign(QString::number(value, 'f', d));
    }
    return withMinusSign(QString::number(value, 'g', 3));
}

} // namespace ll::figure
