#include "annotations/RingChecks.h"

#include "annotations/JsonText.h"

#include <cmath>

namespace ll {

std::optional<std::string> coordinateProblem(const nlohmann::ordered_json& value) {
    if (!value.is_number()) return "a coordinate is " + jsonTypeName(value) + ", not a number";
    const double v = value.get<double>();
    if (!std::isfinite(v)) return "a coordinate is not finite";
    if (std::fabs(v) > kMaxAnnotationCoordinate) return "coordinate " + value.dump() + " is beyond +-1e6";
    return std::nullopt;
}

bool ringLeavesImage(const Ring& ring, int width, int height) {
    if (width <= 0 || height <= 0) return false;
    for (const auto& p : ring)
        if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return true;
    return false;
}

double ringArea(const Ring& ring) {
    double twice = 0;
    for (std::size_t i = 0, n = ring.size(); i < n; ++i) {
        const auto& a = ring[i];
        const auto& b = ring[(i + 1) % n];
        twice += a.x * b.y - b.x * a.y;
    }
    return std::fabs(twice) / 2;
}

} // namespace ll
