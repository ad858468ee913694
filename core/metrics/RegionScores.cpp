#include "metrics/RegionScores.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>

namespace ll {
namespace {

struct Sums {
    std::size_t pixels = 0;
    double sie = 0.0;
    std::array<std::size_t, 3> lfePixels{};
    std::array<double, 3> lfe{};

    void add(const Sums& o) {
        pixels += o.pixels;
        sie += o.sie;
        for (std::size_t c = 0; c < 3; ++c) {
            lfePixels[c] += o.lfePixels[c];
            lfe[c] += o.lfe[c];
        }
    }
};

void accumulate(const ErrorPlanes& e, int x, int y, std::size_t i, Sums& s) {
    if ((*e.omega)[i]) {
        ++s.pixels;
        if (e.sieAbs) s.sie += (*e.sieAbs)[i];
    }
    if (e.lfeSigned)
        for (std::size_t c = 0; c < 3; ++c)
            if ((*e.omega80)[c][i]) {
                ++s.lfePixels[c];
                s.lfe[c] += std::abs(double(e.lfeSigned->at(x, y, int(c))));
            }
}

RegionScore finish(const ErrorPlanes& e, const Sums& s, std::size_t minPixels) {
    RegionScore r;
    r.pixels = s.pixels;
    r.lfePixels = std::min({s.lfePixels[0], s.lfePixels[1], s.lfePixels[2]});
    if (e.sieAbs && s.pixels >= minPixels && s.pixels > 0) r.sie = s.sie / double(s.pixels);
    if (e.lfeSigned && r.lfePixels >= minPixels && r.lfePixels > 0) {
        double v = 0.0;
        for (std::size_t c = 0; c < 3; ++c) v += s.lfe[c] / double(s.lfePixels[c]);
        r.lfe = v / 3.0;
    }
    return r;
}

template <typename LabelOf>
std::vector<RegionScore> scoreBy(const ErrorPlanes& e, int W, int H, LabelOf labelOf, int labelCount,
                                 std::size_t minPixels) {
    std::vector<std::vector<Sums>> rows(static_cast<std::size_t>(H), std::vector<Sums>(static_cast<std::size_t>(labelCount)));
    tbb::parallel_for(0, H, [&](int y) {
        auto& row = rows[std::size_t(y)];
        for (int x = 0; x < W; ++x) {
            const std::size_t i = std::size_t(y) * W + x;
            const int l = labelOf(i);
            if (l < labelCount) accumulate(e, x, y, i, row[std::size_t(l)]);
        }
    });
    std::vector<Sums> total(static_cast<std::size_t>(labelCount));
    for (const auto& row : rows)
        for (std::size_t l = 0; l < total.size(); ++l) total[l].add(row[l]);
    std::vector<RegionScore> out;
    for (const Sums& s : total) out.push_back(finish(e, s, minPixels));
    return out;
}

} // namespace

std::vector<RegionScore> scoreLabels(const ErrorPlanes& e, const Plane<std::uint8_t>& labels, int labelCount,
                                     std::size_t minPixels) {
    return scoreBy(e, labels.width(), labels.height(), [&](std::size_t i) { return int(labels[i]); }, labelCount,
                   minPixels);
}

RegionScore scoreRegion(const ErrorPlanes& e, const Mask& region, std::size_t minPixels) {
    // Label 0 = inside the region, 1 = outside (ignored).
    return scoreBy(e, region.width(), region.height(), [&](std::size_t i) { return region[i] ? 0 : 1; }, 1,
                   minPixels)[0];
}

} // namespace ll
