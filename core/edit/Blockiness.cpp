#include "edit/Blockiness.h"

#include <array>
#include <cmath>

namespace ll::edit {

std::optional<double> blockiness8x8(const FloatPlane& s, const Mask* region) {
    std::array<double, 8> hs{}, vs{};
    std::array<std::size_t, 8> hn{}, vn{};
    auto in = [&](int x, int y) { return !region || (*region)(x, y); };
    for (int y = 0; y < s.height(); ++y)
        for (int x = 0; x < s.width(); ++x) {
            if (!in(x, y)) continue;
            if (x + 1 < s.width() && in(x + 1, y)) {
                hs[x % 8] += std::abs(s(x + 1, y) - s(x, y));
                ++hn[x % 8];
            }
            if (y + 1 < s.height() && in(x, y + 1)) {
                vs[y % 8] += std::abs(s(x, y + 1) - s(x, y));
                ++vn[y % 8];
            }
        }
    auto ratio = [](const std::array<double, 8>& sum, const std::array<std::size_t, 8>& n) -> std::optional<double> {
        if (n[7] == 0) return std::nullopt;
        double other = 0;
        std::size_t no = 0;
        for (int p = 0; p < 7; ++p) {
            other += sum[p];
            no += n[p];
        }
        if (no == 0 || other <= 0) return std::nullopt;
        return (sum[7] / double(n[7])) / (other / double(no));
    };
    const auto h = ratio(hs, hn), v = ratio(vs, vn);
    if (h && v) return 0.5 * (*h + *v);
    if (h) return h;
    return v;
}

} // namespace ll::edit
