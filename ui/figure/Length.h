#pragma once
// Page lengths for figures: "8.5cm", "85mm", "3.35in", "241pt", a bare number (points), or the paper
// presets "one-column" (8.5 cm, 3.35 in) and "two-column" (17.8 cm, 7 in).
#include <string>

namespace ll::figure {

inline constexpr double kOneColumnPt = 8.5 / 2.54 * 72.0;  // 240.9 pt
inline constexpr double kTwoColumnPt = 17.8 / 2.54 * 72.0; // 504.6 pt

// Points for a length text; throws ll::Error naming `subject` for anything else or a length <= 0.
double lengthToPoints(const std::string& text, const std::string& subject);

} // namespace ll::figure
