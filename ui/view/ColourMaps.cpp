#include "view/ColourMaps.h"

#include <cmath>
#include <vector>

namespace ll::ui {
namespace {

ColourTable interpolate(const std::vector<QRgb>& stops) {
    ColourTable t{};
    const int n = int(stops.size());
    for (int i = 0; i < 256; ++i) {
        const double pos = double(i) / 255.0 * (n - 1);
        const int a = std::min(int(pos), n - 2);
        const double f = pos - a;
        auto mix = [&](int ca, int cb) { return int(std::lround(ca + f * (cb - ca))); };
        t[std::size_t(i)] = qRgb(mix(qRed(stops[a]), qRed(stops[a + 1])), mix(qGreen(stops[a]), qGreen(stops[a + 1])),
                                 mix(qBlue(stops[a]), qBlue(stops[a + 1])));
    }
    return t;
}

} // namespace

const ColourTable& divergingMap() {
    static const ColourTable t = interpolate({0x053061, 0x2166ac, 0x4393c3, 0x92c5de, 0xd1e5f0, 0xf7f7f7,
                                              0xfddbc7, 0xf4a582, 0xd6604d, 0xb2182b, 0x67001f});
    return t;
}

const ColourTable& sequentialMap() {
    static const ColourTable t = interpolate({0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89,
                                              0x35b779, 0x6ece58, 0xb5de2b, 0xfde725});
    return t;
}

const ColourTable& turboMap() {
    static const ColourTable t = interpolate({0x30123b, 0x4145ab, 0x4675ed, 0x39a2fc, 0x1bcfd4, 0x24eca6,
                                              0x61fc6c, 0xa4fc3b, 0xd1e834, 0xf3c63a, 0xfe9b2d, 0xf36315,
                                              0xd93806, 0xb11901, 0x7a0402});
    return t;
}

} // namespace ll::ui
