#include "inspect/DerivedViews.h"

#include "util/StreamingPercentile.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>
#include <map>
#include <vector>

namespace ll::ui {
namespace {

constexpr int kMaps = 5;
constexpr int kRangeRows = 8; // rows per block of the range passes

int channelsOf(int m) { return derivedMapChannels(DerivedMap(m)); }

// Row y of all five maps, NaN outside Omega, into rows[m] (width * channels floats each).
void allRows(const EvalDerivedMaps& d, const Mask& omega, int y, std::array<std::vector<float>, kMaps>& rows) {
    const int W = d.width();
    std::array<float*, kMaps> out{};
    for (int m = 0; m < kMaps; ++m) {
        rows[std::size_t(m)].resize(std::size_t(W) * std::size_t(channelsOf(m)));
        out[std::size_t(m)] = rows[std::size_t(m)].data();
    }
    d.rows(y, 0, W, out);
    for (int m = 0; m < kMaps; ++m) excludeOutside(omega.row(y), W, channelsOf(m), out[std::size_t(m)]);
}

// A level whose rows are served from `rows` (row y at rows.at(y)[m]).
MipLevel servedLevel(int width, int height, const std::map<int, std::array<std::vector<float>, kMaps>>& rows, int m) {
    MipLevel l;
    l.width = width;
    l.height = height;
    const int ch = channelsOf(m);
    l.rows = [&rows, m, ch](int y, int x0, int n, float* out) {
        const std::vector<float>& r = rows.at(y)[std::size_t(m)];
        std::copy_n(r.data() + std::size_t(x0) * std::size_t(ch), std::size_t(n) * std::size_t(ch), out);
    };
    return l;
}

} // namespace

RowFunction derivedMapRows(std::shared_ptr<const EvalDerivedMaps> derived, std::shared_ptr<const Mask> omega,
                           DerivedMap map, std::shared_ptr<const void> keepAlive) {
    const int channels = derivedMapChannels(map);
    return [derived, omega, map, channels, keepAlive](int y, int x0, int n, float* out) {
        derived->row(map, y, x0, n, out);
        excludeOutside(omega->row(y) + x0, n, channels, out);
    };
}

std::array<SourcePtr, 5> buildDerivedViews(std::shared_ptr<const EvalDerivedMaps> derived,
                                           std::shared_ptr<const Mask> omega, std::shared_ptr<const void> keepAlive,
                                           const std::array<QString, 5>& names) {
    const EvalDerivedMaps& d = *derived;
    const int W = d.width(), H = d.height();

    // The automatic ranges: every map's range values from one pass of shared rows (twice, as the
    // streaming percentiles need).
    std::vector<std::vector<double>> ps;
    for (int m = 0; m < kMaps; ++m) ps.push_back(m < 2 ? ratioRangePercentiles() : signedRangePercentiles());
    const std::size_t blocks = std::size_t((H + kRangeRows - 1) / kRangeRows);
    const auto ranges = percentilesOfBlockSets(blocks, [&](std::size_t b, std::vector<std::vector<float>>& out) {
        std::array<std::vector<float>, kMaps> rows;
        const int y0 = int(b) * kRangeRows, y1 = std::min(H, y0 + kRangeRows);
        for (int y = y0; y < y1; ++y) {
            allRows(d, *omega, y, rows);
            for (int m = 0; m < kMaps; ++m) {
                const int ch = channelsOf(m);
                const float* r = rows[std::size_t(m)].data();
                float v;
                for (int x = 0; x < W; ++x) {
                    const float* px = r + std::size_t(x) * std::size_t(ch);
                    if (m < 2 ? ratioRangeValue(px, v) : signedRangeValue(px, v)) out[std::size_t(m)].push_back(v);
                }
            }
        }
    }, ps);

    // Level 2 of each pyramid (when it has one): each of its rows from the level-1 rows (2x2 means of
    // the level-0 rows) over four rows of level 0 computed once for the five maps.
    const int W1 = halvedSize(W), H1 = halvedSize(H), W2 = halvedSize(W1), H2 = halvedSize(H1);
    const bool hasLevel2 = std::max(W, H) > 64 && std::max(W1, H1) > 64;
    std::array<std::vector<float>, kMaps> level2;
    if (hasLevel2) {
        for (int m = 0; m < kMaps; ++m)
            level2[std::size_t(m)].resize(std::size_t(W2) * std::size_t(H2) * std::size_t(channelsOf(m)));
        tbb::parallel_for(0, H2, [&](int y2) {
            std::map<int, std::array<std::vector<float>, kMaps>> rows; // level-0 rows of this row
            for (const int y1 : {2 * y2, std::min(2 * y2 + 1, H1 - 1)})
                for (const int y0 : {2 * y1, std::min(2 * y1 + 1, H - 1)})
                    if (!rows.count(y0)) allRows(d, *omega, y0, rows[y0]);
            for (int m = 0; m < kMaps; ++m) {
                const int ch = channelsOf(m);
                const MipLevel l0 = servedLevel(W, H, rows, m);
                MipLevel l1;
                l1.width = W1;
                l1.height = H1;
                l1.rows = [&l0, ch](int y, int x0, int n, float* out) { halvedRow(l0, ch, false, y, x0, n, out); };
                halvedRow(l1, ch, false, y2, 0, W2,
                          level2[std::size_t(m)].data() + std::size_t(y2) * std::size_t(W2) * std::size_t(ch));
            }
        });
    }

    std::array<SourcePtr, 5> out;
    for (int m = 0; m < kMaps; ++m) {
        const auto& r = ranges[std::size_t(m)];
        const bool ratio = m < 2;
        out[std::size_t(m)] = ImageSource::prebuilt(
            ratio ? SourceKind::Ratio : SourceKind::Signed, W, H, derivedMapRows(derived, omega, DerivedMap(m), keepAlive),
            ratio ? 0.0 : r[0], ratio ? r[0] : 0.0, ratio ? r[1] : 0.0, std::move(level2[std::size_t(m)]),
            names[std::size_t(m)]);
    }
    return out;
}

} // namespace ll::ui
