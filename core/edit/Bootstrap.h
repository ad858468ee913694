#pragma once
// Percentile-bootstrap confidence interval of a mean (resampling items with replacement), with a
// fixed seed. Draws run in parallel (TBB), each with its own counter-based generator (util/DrawRng.h,
// the scheme of the validation statistics), so the result is the same for any number of threads.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace ll::edit {

struct MeanInterval {
    std::optional<double> mean, lo, hi; // absent without values (lo/hi also with a single value)
    std::size_t n = 0;
};

MeanInterval bootstrapMean(const std::vector<double>& values, int draws, std::uint64_t seed, double level = 0.95);

} // namespace ll::edit
