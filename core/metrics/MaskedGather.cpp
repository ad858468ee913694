#include "metrics/MaskedGather.h"

#include <tbb/parallel_for.h>

namespace ll {

std::vector<std::size_t> maskRowOffsets(const Mask& m) {
    const int H = m.height(), W = m.width();
    std::vector<std::size_t> offsets(std::size_t(H) + 1, 0);
    tbb::parallel_for(0, H, [&](int y) {
        const std::uint8_t* r = m.row(y);
        std::size_t n = 0;
        for (int x = 0; x < W; ++x) n += r[x] != 0;
        offsets[std::size_t(y) + 1] = n;
    });
    for (std::size_t y = 1; y < offsets.size(); ++y) offsets[y] += offsets[y - 1];
    return offsets;
}

template <typename At>
static std::vector<float> gather(const Mask& m, const std::vector<std::size_t>& offsets, At at) {
    std::vector<float> out(offsets.back());
    tbb::parallel_for(0, m.height(), [&](int y) {
        const std::uint8_t* r = m.row(y);
        float* o = out.data() + offsets[std::size_t(y)];
        for (int x = 0; x < m.width(); ++x)
            if (r[x]) *o++ = at(x, y);
    });
    return out;
}

std::vector<float> gatherMasked(const Image& img, int c, const Mask& m, const std::vector<std::size_t>& offsets) {
    return gather(m, offsets, [&](int x, int y) { return img.at(x, y, c); });
}

std::vector<float> gatherMasked(const FloatPlane& plane, const Mask& m, const std::vector<std::size_t>& offsets) {
    return gather(m, offsets, [&](int x, int y) { return plane(x, y); });
}

} // namespace ll
