#include "figure/Length.h"

#include "util/Error.h"

#include <cmath>
#include <cstdlib>

namespace ll::figure {

double lengthToPoints(const std::string& text, const std::string& subject) {
    if (text == "one-column" || text == "single-column" || text == "column") return kOneColumnPt;
    if (text == "two-column" || text == "double-column" || text == "full-width" || text == "page") return kTwoColumnPt;
    const char* begin = text.c_str();
    char* end = nullptr;
    const double v = std::strtod(begin, &end);
    if (end == begin) throw ll::Error(subject, "length '" + text + "' is not a number with a unit (cm, mm, in, pt)");
    const std::string unit(end);
    double pt = 0.0;
    if (unit.empty() || unit == "pt") pt = v;
    else if (unit == "cm") pt = v / 2.54 * 72.0;
    else if (unit == "mm") pt = v / 25.4 * 72.0;
    else if (unit == "in") pt = v * 72.0;
    else throw ll::Error(subject, "length '" + text + "' has an unknown unit '" + unit + "' (cm, mm, in, pt)");
    if (!(pt > 0.0) || !std::isfinite(pt)) throw ll::Error(subject, "length '" + text + "' must be positive");
    return pt;
}

} // namespace ll::figure
