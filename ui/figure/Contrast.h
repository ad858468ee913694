#pragma once
// Contrast of colours as WCAG 2 defines it: relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B of
// the linearised sRGB channels, ratio (L1 + 0.05) / (L2 + 0.05) with L1 the lighter. Lines and
// markers on a white page need at least 3:1 (WCAG 1.4.11, non-text contrast).
#include <QColor>

namespace ll::figure {

inline constexpr double kMinGraphicContrast = 3.0;

double relativeLuminance(const QColor& c);
double contrastRatio(const QColor& a, const QColor& b);

// `c` itself when it has at least `ratio` against white; otherwise `c` darkened (its linear RGB scaled
// down, so the hue stays) just enough to reach it.
QColor darkenedForWhite(const QColor& c, double ratio = kMinGraphicContrast);

} // namespace ll::figure
