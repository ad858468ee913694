#include "metrics/Standardisation.h"

#include "metrics/MaskedGather.h"
#include "metrics/OrderStatistics.h"

#include <tbb/parallel_for.h>

namespace ll {

ChannelStats statsOf(std::vector<float> values, double madFloor) {
    ChannelStats s;
    s.count = values.size();
    if (values.empty()) {
        s.floored = true;
        s.scale = madFloor;
        return s;
    }
    const MedianMad mm = medianAndMad(values);
    s.median = mm.median;
    s.mad = mm.mad;
    s.floored = !(mm.mad >= madFloor);
    s.scale = s.floored ? madFloor : mm.mad;
    return s;
}

RgbStats channelStats(const Image& img, const Mask& mask, const std::vector<std::size_t>& rowOffsets,
                      double madFloor) {
    RgbStats out;
    tbb::parallel_for(0, 3, [&](int c) { out[std::size_t(c)] = statsOf(gatherMasked(img, c, mask, rowOffsets), madFloor); });
    return out;
}

} // namespace ll
