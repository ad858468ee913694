#include "image/AxisResampling.h"

#include "util/Error.h"

#include <algorithm>
#include <cstdint>

namespace ll {

namespace {

void checkSizes(int src, int dst) {
    if (src <= 0 || dst <= 0) throw Error("resample", "sizes must be positive");
}

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { // b > 0
    std::int64_t q = a / b;
    if ((a % b != 0) && (a < 0)) --q;
    return q;
}

} // namespace

FootprintRange footprint(int src, int dst, int i) {
    // Output i covers [i * src, (i + 1) * src) in units of 1 / dst input pixels; input j covers
    // [j * dst, (j + 1) * dst). They overlap by a positive amount for j in [first, last].
    const std::int64_t s = src, d = dst;
    FootprintRange r;
    r.first = int((i * s) / d);
    r.last = int(((i + 1) * s + d - 1) / d - 1);
    return r;
}

AxisWeights areaWeights(int src, int dst) {
    checkSizes(src, dst);
    if (dst > src) throw Error("resample", "area weights need dst <= src");
    AxisWeights w;
    w.stride = (src + dst - 1) / dst + 1;
    w.first.resize(std::size_t(dst));
    w.count.resize(std::size_t(dst));
    w.weights.assign(std::size_t(dst) * std::size_t(w.stride), 0.0);
    const std::int64_t s = src, d = dst;
    for (int i = 0; i < dst; ++i) {
        const FootprintRange r = footprint(src, dst, i);
        w.first[std::size_t(i)] = r.first;
        w.count[std::size_t(i)] = r.last - r.first + 1;
        for (int j = r.first; j <= r.last; ++j) {
            const std::int64_t lo = std::max(i * s, j * d), hi = std::min((i + 1) * s, (j + 1) * d);
            w.weights[std::size_t(i) * std::size_t(w.stride) + std::size_t(j - r.first)] = double(hi - lo) / double(s);
        }
    }
    return w;
}

AxisWeights linearWeights(int src, int dst) {
    checkSizes(src, dst);
    if (dst < src) throw Error("resample", "linear weights need dst >= src");
    AxisWeights w;
    w.stride = 2;
    w.first.resize(std::size_t(dst));
    w.count.resize(std::size_t(dst));
    w.weights.assign(std::size_t(dst) * 2, 0.0);
    const std::int64_t s = src, d = dst;
    for (int i = 0; i < dst; ++i) {
        // u = ((2i + 1) s - d) / (2 d), exactly.
        const std::int64_t num = (2 * std::int64_t(i) + 1) * s - d, den = 2 * d;
        std::int64_t j0 = floorDiv(num, den);
        const std::int64_t rem = num - j0 * den;
        double* wi = w.weights.data() + std::size_t(i) * 2;
        if (j0 < 0 || j0 >= s - 1 || rem == 0) {
            w.first[std::size_t(i)] = int(std::clamp<std::int64_t>(j0, 0, s - 1));
            w.count[std::size_t(i)] = 1;
            wi[0] = 1.0;
        } else {
            const double f = double(rem) / double(den);
            w.first[std::size_t(i)] = int(j0);
            w.count[std::size_t(i)] = 2;
            wi[0] = 1.0 - f;
            wi[1] = f;
        }
    }
    return w;
}

AxisWeights resamplingWeights(int src, int dst) {
    return dst <= src ? areaWeights(src, dst) : linearWeights(src, dst);
}

} // namespace ll
