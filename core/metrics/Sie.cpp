#include "metrics/Sie.h"

#include <tbb/parallel_for.h>

#include <cmath>
#include <vector>

namespace ll {

SieResult computeSie(const Image& ER, const Image& EG, const Mask& omega, const RgbStats& real,
                     const RgbStats& edit, const SieMaps& maps) {
    const int W = ER.width(), H = ER.height();
    if (maps.signedPerChannel) *maps.signedPerChannel = Image(W, H);
    if (maps.signedMean) *maps.signedMean = FloatPlane(W, H);
    if (maps.absMean) *maps.absMean = FloatPlane(W, H);
    if (maps.standardisedReal) *maps.standardisedReal = Image(W, H);
    if (maps.standardisedEdit) *maps.standardisedEdit = Image(W, H);

    // Per-row partial sums, added in row order afterwards: the same result for any thread count.
    struct RowSums {
        std::array<double, 3> abs{}, abs1{};
        std::size_t n = 0;
    };
    std::vector<RowSums> rows(static_cast<std::size_t>(H));
    tbb::parallel_for(0, H, [&](int y) {
        RowSums& s = rows[std::size_t(y)];
        const std::uint8_t* m = omega.row(y);
        for (int x = 0; x < W; ++x) {
            if (!m[x]) continue;
            ++s.n;
            double sumSigned = 0.0, sumAbs = 0.0;
            for (int c = 0; c < 3; ++c) {
                const double r = ER.at(x, y, c), g = EG.at(x, y, c);
                const double sr = standardise(r, real[std::size_t(c)]);
                const double sg = standardise(g, edit[std::size_t(c)]);
                const double d = sr - sg;
                const double d1 = standardiseAroundOne(r, real[std::size_t(c)]) -
                                  standardiseAroundOne(g, edit[std::size_t(c)]);
                s.abs[std::size_t(c)] += std::abs(d);
                s.abs1[std::size_t(c)] += std::abs(d1);
                sumSigned += d;
                sumAbs += std::abs(d);
                if (maps.signedPerChannel) maps.signedPerChannel->at(x, y, c) = float(d);
                if (maps.standardisedReal) maps.standardisedReal->at(x, y, c) = float(sr);
                if (maps.standardisedEdit) maps.standardisedEdit->at(x, y, c) = float(sg);
            }
            if (maps.signedMean) (*maps.signedMean)(x, y) = float(sumSigned / 3.0);
            if (maps.absMean) (*maps.absMean)(x, y) = float(sumAbs / 3.0);
        }
    });
    SieResult r;
    std::array<double, 3> a{}, a1{};
    for (const RowSums& s : rows) {
        r.pixels += s.n;
        for (std::size_t c = 0; c < 3; ++c) {
            a[c] += s.abs[c];
            a1[c] += s.abs1[c];
        }
    }
    const double n = double(r.pixels);
    for (std::size_t c = 0; c < 3; ++c) {
        r.perChannel[c] = a[c] / n;
        r.sie1PerChannel[c] = a1[c] / n;
    }
    r.sie = (r.perChannel[0] + r.perChannel[1] + r.perChannel[2]) / 3.0;
    r.sie1 = (r.sie1PerChannel[0] + r.sie1PerChannel[1] + r.sie1PerChannel[2]) / 3.0;
    return r;
}

} // namespace ll
