#include "metrics/RegionSums.h"

#include <algorithm>

namespace ll {

void RegionSums::reset(int labels, int rows) {
    labels_ = labels;
    rows_ = rows;
    cells_.assign(std::size_t(labels) * std::size_t(rows), Cell{});
}

std::vector<RegionScore> RegionSums::scores(bool sieDefined, bool lfeDefined, std::size_t minPixels) const {
    std::vector<Cell> total(static_cast<std::size_t>(labels_));
    for (int y = 0; y < rows_; ++y)
        for (int l = 0; l < labels_; ++l) {
            const Cell& c = cells_[std::size_t(y) * std::size_t(labels_) + std::size_t(l)];
            Cell& t = total[std::size_t(l)];
            t.pixels += c.pixels;
            t.sie += c.sie;
            for (std::size_t k = 0; k < 3; ++k) {
                t.lfePixels[k] += c.lfePixels[k];
                t.lfe[k] += c.lfe[k];
            }
        }
    std::vector<RegionScore> out;
    for (const Cell& s : total) {
        RegionScore r;
        r.pixels = s.pixels;
        if (lfeDefined) r.lfePixels = std::min({s.lfePixels[0], s.lfePixels[1], s.lfePixels[2]});
        if (sieDefined && s.pixels >= minPixels && s.pixels > 0) r.sie = s.sie / double(s.pixels);
        if (lfeDefined && r.lfePixels >= minPixels && r.lfePixels > 0) {
            double v = 0.0;
            for (std::size_t c = 0; c < 3; ++c) v += s.lfe[c] / double(s.lfePixels[c]);
            r.lfe = v / 3.0;
        }
        out.push_back(r);
    }
    return out;
}

} // namespace ll
