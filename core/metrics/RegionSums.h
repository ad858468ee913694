#pragma once
// Region and band sums accumulated inside the evaluation's pixel passes (no per-pixel error planes):
// per row and label, the count and sum of mean_c |D_c| over Omega ∩ R, and per channel the count and
// sum of |S(M_R,c) - S(M_G,c)| over Omega80_c ∩ R. Rows are added in row order afterwards, so the
// totals are the same for any thread count (and the same as RegionScores' scoreRegion/scoreLabels).
#include "metrics/RegionScores.h"

#include <array>
#include <cstddef>
#include <vector>

namespace ll {

class RegionSums {
public:
    struct Cell {
        std::size_t pixels = 0;
        double sie = 0.0;
        std::array<std::size_t, 3> lfePixels{};
        std::array<double, 3> lfe{};
    };

    // labels x rows cells, all zero (storage kept between uses).
    void reset(int labels, int rows);
    int labels() const { return labels_; }
    Cell* row(int y) { return cells_.data() + std::size_t(y) * std::size_t(labels_); }

    // Totals over rows (in row order) and the scores of each label, as RegionScores does:
    // sieDefined / lfeDefined false give null scores (and, for LFE, zero lfePixels).
    std::vector<RegionScore> scores(bool sieDefined, bool lfeDefined, std::size_t minPixels) const;

private:
    int labels_ = 0, rows_ = 0;
    std::vector<Cell> cells_;
};

} // namespace ll
