#include "edit/GaussianBlur.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <vector>

namespace ll::edit {

FloatPlane gaussianBlur(const FloatPlane& src, double sigma, int radius) {
    if (!(sigma > 0) || src.empty()) return src;
    if (radius < 0) radius = int(std::ceil(3.0 * sigma));
    std::vector<float> k(2 * radius + 1);
    double sum = 0;
    for (int i = -radius; i <= radius; ++i) sum += k[i + radius] = float(std::exp(-0.5 * i * i / (sigma * sigma)));
    for (auto& v : k) v = float(v / sum);

    const int w = src.width(), h = src.height();
    FloatPlane tmp(w, h), out(w, h);
    // Horizontal pass: each row padded once, then a straight convolution.
    tbb::parallel_for(tbb::blocked_range<int>(0, h, 8), [&](const auto& r) {
        std::vector<float> row(w + 2 * radius);
        for (int y = r.begin(); y < r.end(); ++y) {
            const float* s = src.row(y);
            for (int x = -radius; x < w + radius; ++x) row[x + radius] = s[mirrorIndex(x, w)];
            float* d = tmp.row(y);
            for (int x = 0; x < w; ++x) {
                float acc = 0;
                const float* p = row.data() + x;
                for (int i = 0; i <= 2 * radius; ++i) acc += k[i] * p[i];
                d[x] = acc;
            }
        }
    });
    // Vertical pass: accumulate whole rows (cache friendly).
    tbb::parallel_for(tbb::blocked_range<int>(0, h, 8), [&](const auto& r) {
        for (int y = r.begin(); y < r.end(); ++y) {
            float* d = out.row(y);
            for (int i = -radius; i <= radius; ++i) {
                const float kv = k[i + radius];
                const float* s = tmp.row(mirrorIndex(y + i, h));
                for (int x = 0; x < w; ++x) d[x] += kv * s[x];
            }
        }
    });
    return out;
}

} // namespace ll::edit
