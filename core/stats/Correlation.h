#pragma once
// Correlation coefficients between two equally long samples. All return NaN when undefined
// (fewer than 2 finite pairs for Pearson/Spearman, fewer than 2 for Kendall, or a constant sample).
// Non-finite pairs are not allowed: callers drop them first.
#include <span>
#include <vector>

namespace ll::stats {

// Pearson's r = sum (x-mx)(y-my) / sqrt(sum (x-mx)^2 sum (y-my)^2).
double pearson(std::span<const double> x, std::span<const double> y);

// Ranks 1..n, ties given the average of the ranks they span.
std::vector<double> averageRanks(std::span<const double> x);

// Spearman's rho: Pearson's r of the average ranks (the tie-corrected definition scipy uses).
double spearman(std::span<const double> x, std::span<const double> y);

// Kendall's tau-b = (C - D) / sqrt((n0 - n1)(n0 - n2)), n0 = n(n-1)/2, n1/n2 = pairs tied in x/y.
// O(n log n) (Knight 1966).
double kendallTauB(std::span<const double> x, std::span<const double> y);

// Partial correlation of x and y controlling for the columns of `controls` (each as long as x):
// Pearson's r of the residuals of x and y after least-squares regression on [1, controls] (Eigen QR).
double partialCorrelation(std::span<const double> x, std::span<const double> y,
                          const std::vector<std::vector<double>>& controls);

} // namespace ll::stats
