#include "metrics/Lfe.h"

#include "metrics/MaskedGather.h"
#include "metrics/OrderStatistics.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <vector>

namespace ll {

LfeResult computeLfe(const Image& MR, const Image& MG, const Mask& domain, double percentile, double madFloor) {
    const int W = MR.width(), H = MR.height();
    LfeResult r;
    const std::vector<std::size_t> domainOffsets = maskRowOffsets(domain);
    r.domainPixels = domainOffsets.back();
    r.signedDiff = Image(W, H);

    tbb::parallel_for(0, 3, [&](int c) {
        LfeChannel& ch = r.channels[std::size_t(c)];
        Mask& m80 = r.omega80[std::size_t(c)];
        m80 = Mask(W, H, 0);
        if (r.domainPixels == 0) {
            ch.real = statsOf({}, madFloor);
            ch.edit = statsOf({}, madFloor);
            return;
        }
        {
            std::vector<float> v = gatherMasked(MR, c, domain, domainOffsets);
            ch.percentileReal = percentileOf(v, percentile);
            v = gatherMasked(MG, c, domain, domainOffsets);
            ch.percentileEdit = percentileOf(v, percentile);
        }
        for (int y = 0; y < H; ++y) {
            const std::uint8_t* d = domain.row(y);
            std::uint8_t* o = m80.row(y);
            for (int x = 0; x < W; ++x)
                o[x] = (d[x] && double(MR.at(x, y, c)) <= ch.percentileReal &&
                        double(MG.at(x, y, c)) <= ch.percentileEdit)
                           ? 1
                           : 0;
        }
        const std::vector<std::size_t> offsets = maskRowOffsets(m80);
        ch.pixels = offsets.back();
        ch.real = statsOf(gatherMasked(MR, c, m80, offsets), madFloor);
        ch.edit = statsOf(gatherMasked(MG, c, m80, offsets), madFloor);
        if (ch.pixels == 0) return;
        std::vector<double> rowSums(std::size_t(H), 0.0);
        tbb::parallel_for(0, H, [&](int y) {
            const std::uint8_t* o = m80.row(y);
            double s = 0.0;
            for (int x = 0; x < W; ++x) {
                if (!o[x]) continue;
                const double d = standardise(MR.at(x, y, c), ch.real) - standardise(MG.at(x, y, c), ch.edit);
                r.signedDiff.at(x, y, c) = float(d);
                s += std::abs(d);
            }
            rowSums[std::size_t(y)] = s;
        });
        double sum = 0.0;
        for (double s : rowSums) sum += s;
        ch.value = sum / double(ch.pixels);
    });
    return r;
}

std::optional<double> lfeOf(const LfeResult& r) {
    double s = 0.0;
    for (const auto& ch : r.channels) {
        if (!ch.value) return std::nullopt;
        s += *ch.value;
    }
    return s / 3.0;
}

} // namespace ll
