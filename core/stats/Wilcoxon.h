#pragma once
// Wilcoxon signed-rank test of paired differences and Holm's step-down correction.
//
// The test follows scipy.stats.wilcoxon's defaults (zero_method="wilcox", correction=False,
// alternative="two-sided", method="auto"): zero differences are dropped; the absolute differences are
// ranked with ties sharing the mean rank (averageRanks); W+ and W- are the rank sums of the positive
// and negative differences and the statistic is T = min(W+, W-).
//  * exact (n <= 50 after dropping zeros and no tied |d|): p = min(1, 2 P(W <= T)) over the 2^n equally
//    likely sign assignments of ranks 1..n;
//  * otherwise the normal approximation: z = (T - n(n+1)/4) / sqrt(n(n+1)(2n+1)/24 - sum(t^3 - t)/48)
//    (t: sizes of the tie groups), p = 2 Phi(-|z|), no continuity correction.
#include <cstddef>
#include <span>
#include <vector>

namespace ll::stats {

struct WilcoxonResult {
    std::size_t n = 0;     // differences used (zeros dropped)
    std::size_t zeros = 0; // zero differences dropped
    double wPlus = 0, wMinus = 0, statistic = 0; // W+, W-, T = min(W+, W-)
    double z = 0;          // the normal approximation's z (also reported when the p value is exact)
    double p = 1;          // two-sided p value; 1 when n == 0
    bool exact = false;    // p from the exact distribution
};

// Throws std::invalid_argument on a non-finite difference.
WilcoxonResult wilcoxonSignedRank(std::span<const double> differences);

// Holm-Bonferroni adjusted p values, in the order of `p`: sorted ascending, p_(i) times (m - i + 1)
// (i from 1), made non-decreasing and capped at 1.
std::vector<double> holmAdjust(std::span<const double> p);

} // namespace ll::stats
