#pragma once
// Dataset aggregation (spec metrics-3dlp.md "Dataset aggregation", paper 4.1 and C.1), as pure
// functions over per-image scores.
#include <cstddef>
#include <optional>
#include <vector>

namespace ll::bench {

// The number of images averaged for "the best x%": ceil(x/100 * n), at least 1 when n > 0 and x > 0,
// at most n.
std::size_t bestCount(std::size_t n, double percent);

struct BestMean {
    std::optional<double> mean;        // null when there are no images, or the best k include an undefined score
    std::size_t used = 0;              // k, the number of images averaged
    std::size_t total = 0;             // N
    std::size_t undefined = 0;         // images whose score is undefined (null or NaN): they count as worst
    std::vector<std::size_t> selected; // indices (into the input) of the k images, best first
};

// Sorts the scores (lowest first; undefined last; equal scores keep their input order) and averages
// the best ceil(x% * N). The sum runs in sorted order, so the result depends only on the values.
BestMean bestFractionMean(const std::vector<std::optional<double>>& scores, double percent);

// Mean of the finite values (for PSNR and SSIM); null when there are none. `used` counts them.
struct PlainMean {
    std::optional<double> mean;
    std::size_t used = 0;
    std::size_t total = 0;
};
PlainMean meanOfFinite(const std::vector<std::optional<double>>& values);

// Fractional ranks (1 = best) of `values`; undefined values rank last; ties share the mean of the
// ranks they span (e.g. two tied for first both get 1.5).
std::vector<double> fractionalRanks(const std::vector<std::optional<double>>& values, bool lowerIsBetter);

// Competition ranks ("1, 1, 3"; 1 = best) of `values`: tied values share the best rank of the ranks
// they span; undefined values rank last (and tie with each other).
std::vector<double> competitionRanks(const std::vector<std::optional<double>>& values, bool lowerIsBetter);

// `v` rounded to `decimals` as the tables print it (the value a reader sees).
double roundedAsPrinted(double v, int decimals);

// `v` rounded half away from zero to `decimals` (1.75 -> 1.8, 3.25 -> 3.3), as the paper prints ranks.
double roundHalfAwayFromZero(double v, int decimals);

// Average rank of each model over several columns (paper Tables 1, 9, 12, 13; spec "Dataset
// aggregation"): columns[c][m] is model m's value in column c (all lower-is-better); each column is
// ranked on its values rounded to the `decimals` that are reported, tied models sharing the best rank.
// Returns the unrounded average per model.
std::vector<double> averageRanks(const std::vector<std::vector<std::optional<double>>>& columns, int decimals = 3);

// Standard error of a mean of independent per-image values with standard deviations sigma_i
// (paper A.2): sqrt(sum sigma_i^2) / N. Null when N == 0 or any sigma is undefined.
std::optional<double> sigmaOfMean(const std::vector<std::optional<double>>& sigmas);

// Relative increase over the best (lowest) value: v / best - 1 (0 for the best model). Null when v is
// undefined or the best is not positive.
std::optional<double> relativeToBest(std::optional<double> v, std::optional<double> best);

} // namespace ll::bench
