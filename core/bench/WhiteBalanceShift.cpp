#include "bench/WhiteBalanceShift.h"

namespace ll::bench {

const std::vector<WhiteBalanceShift>& defaultWhiteBalanceShifts() {
    static const std::vector<WhiteBalanceShift> shifts = {{"warm", {1.12f, 1.0f, 0.85f}},
                                                          {"cold", {0.88f, 1.0f, 1.15f}}};
    return shifts;
}

Image shiftWhiteBalance(const Image& image, const std::array<float, 3>& gain) {
    Image out = image;
    float* p = out.data();
    const std::size_t n = out.pixelCount();
    for (std::size_t i = 0; i < n; ++i)
        for (int c = 0; c < 3; ++c) p[i * 3 + c] *= gain[std::size_t(c)];
    return out;
}

} // namespace ll::bench
