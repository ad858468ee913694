#include "figure/ColourMap.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ll::figure {

namespace {

ColourTable interpolate(const std::vector<QRgb>& stops) {
    ColourTable t{};
    const int n = int(stops.size());
    for (int i = 0; i < 256; ++i) {
        const double x = double(i) / 255.0 * double(n - 1);
        const int a = std::min(int(x), n - 2);
        const double f = x - double(a);
        auto mix = [&](int ca, int cb) { return int(std::lround(double(ca) + (double(cb) - double(ca)) * f)); };
        const QRgb p = stops[std::size_t(a)], q = stops[std::size_t(a + 1)];
        t[std::size_t(i)] = qRgb(mix(qRed(p), qRed(q)), mix(qGreen(p), qGreen(q)), mix(qBlue(p), qBlue(q)));
    }
    return t;
}

} // namespace

const ColourTable& colourTable(ColourMapKind kind) {
    // ColorBrewer RdBu 11, from blue (negative) to red (positive).
    static const ColourTable diverging = interpolate({
        0x053061, 0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7, 0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f});
    // viridis at 9 evenly spaced points.
    static const ColourTable sequential = interpolate({
        0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c, 0x28ae80, 0x5ec962, 0xaadc32, 0xfde725});
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
    // Type-7 percentile: linear interpolation between order statistics.
    const double pos = std::clamp(percentile, 0.0, 100.0) / 100.0 * double(a.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, a.size() - 1);
    std::nth_element(a.begin(), a.begin() + std::ptrdiff_t(lo), a.end());
    const double vlo = a[lo];
    double vhi = vlo;
    if (hi != lo) vhi = *std::min_element(a.begin() + std::ptrdiff_t(lo) + 1, a.end());
    const double r = vlo + (vhi - vlo) * (pos - double(lo));
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
