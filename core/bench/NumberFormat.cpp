#include "bench/NumberFormat.h"

#include "util/Error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <system_error>

namespace ll::bench {

std::string formatExact(std::optional<double> v) {
    if (!v) return {};
    if (std::isnan(*v)) return "nan";
    if (std::isinf(*v)) return *v > 0 ? "inf" : "-inf";
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, *v);
    return std::string(buf, r.ptr);
}

std::string formatFixed(std::optional<double> v, int decimals) {
    if (!v) return {};
    if (!std::isfinite(*v)) return formatExact(v);
    double x = *v;
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, decimals);
    std::string s(buf, r.ptr);
    // Never print "-0.000": a value that rounds to zero is zero.
    if (!s.empty() && s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    return s;
}

std::string formatScientific(double v, int digits) {
    if (!std::isfinite(v)) return formatExact(v);
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific, std::max(0, digits - 1));
    return std::string(buf, r.ptr);
}

std::optional<double> parseNumber(std::string_view text, const std::string& subject) {
    if (text.empty()) return std::nullopt;
    if (text == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (text == "inf") return std::numeric_limits<double>::infinity();
    if (text == "-inf") return -std::numeric_limits<double>::infinity();
    double v = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
    if (r.ec != std::errc() || r.ptr != text.data() + text.size())
        throw Error(subject, "not a number: '" + std::string(text) + "'");
    return v;
}

} // namespace ll::bench
