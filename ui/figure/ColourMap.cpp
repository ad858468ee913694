#include "figure/ColourMap.h"
#include "util/Percentile.h"

#include "colour/ColourMaps.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::figure {

const ColourTable& colourTable(ColourMapKind kind) {
    // The core's tables (colour/ColourMaps.h): RdBu_r and viridis as matplotlib has them.
    auto make = [](ColourMapName name) {
        ColourTable t{};
        const ColourMapTable& c = colourMap(name);
        for (std::size_t i = 0; i < t.size(); ++i) t[i] = qRgb(c[i][0], c[i][1], c[i][2]);
        return t;
    };
    static const ColourTable diverging = make(ColourMapName::Diverging);
    static const ColourTable sequential = make(ColourMapName::Sequential);
    return kind == ColourMapKind::Diverging ? diverging : sequential;
}

QRgb colourAt(ColourMapKind kind, double t) {
    const auto& table = colourTable(kind);
    if (!(t > 0.0)) return table[0] | 0xff000000u;
    if (t >= 1.0) return table[255] | 0xff000000u;
    return table[std::size_t(std::lround(t * 255.0))] | 0xff000000u;
}

double symmetricExtent(const FloatPlane& map, const Mask* valid, double percentile) {
    return symmetricExtent({{&map, valid}}, percentile);
}

double symmetricExtent(const std::vector<std::pair<const FloatPlane*, const Mask*>>& maps, double percentile) {
    std::vector<double> a;
    for (const auto& [map, valid] : maps) {
        if (!map) continue;
        for (std::size_t i = 0; i < map->size(); ++i) {
            if (valid && (*valid)[i] == 0) continue;
            const float v = (*map)[i];
            if (std::isfinite(v)) a.push_back(std::fabs(double(v)));
        }
    }
    if (a.empty()) return 1.0;
    const double r = percentileInPlace(a, percentile); // util/Percentile.h
    return r > 0.0 && std::isfinite(r) ? r : 1.0;
}

QImage colourMapImage(const FloatPlane& map, const Mask* valid, ColourMapKind kind, ValueRange range) {
    QImage img(map.width(), map.height(), QImage::Format_RGB32);
    const auto& table = colourTable(kind);
    const double span = range.hi - range.lo;
    const double scale = span != 0.0 ? 1.0 / span : 0.0;
    for (int y = 0; y < map.height(); ++y) {
        auto* out = reinterpret_cast<QRgb*>(img.scanLine(y));
        const float* in = map.row(y);
        const std::uint8_t* m = valid ? valid->row(y) : nullptr;
        for (int x = 0; x < map.width(); ++x) {
            const float v = in[x];
            if ((m && m[x] == 0) || !std::isfinite(v)) {
                out[x] = qRgb(0, 0, 0);
                continue;
            }
            const double t = (double(v) - range.lo) * scale;
            const int i = !(t > 0.0) ? 0 : t >= 1.0 ? 255 : int(std::lround(t * 255.0));
            out[x] = table[std::size_t(i)] | 0xff000000u;
        }
    }
    return img;
}

} // namespace ll::figure
