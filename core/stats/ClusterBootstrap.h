#pragma once
// The two-way cluster bootstrap: each draw resamples raters with replacement and, independently,
// scenes with replacement (each at its original count). A draw is a pair of multiplicity vectors:
// an observation by rater r on scene s enters the draw raterCount[r] * sceneCount[s] times.
// Draw d is generated from its own generator seeded by (seed, d), so any subset of draws can be
// computed on any thread in any order with identical results.
#include <cstdint>
#include <functional>
#include <vector>

namespace ll::stats {

struct ClusterDraw {
    std::vector<int> raterCount;
    std::vector<int> sceneCount;
};

ClusterDraw makeClusterDraw(std::size_t raters, std::size_t scenes, std::uint64_t seed, std::uint64_t draw);

// All ones: the original data.
ClusterDraw identityDraw(std::size_t raters, std::size_t scenes);

// Runs `fn(draw index, ClusterDraw)` for draws 0..n-1 in parallel (oneTBB); `fn` writes its result
// into a slot owned by that draw index. Once `stop` (optional) returns true, the remaining draws
// are skipped (oneTBB cancels the loop).
void forEachDraw(std::size_t raters, std::size_t scenes, int draws, std::uint64_t seed,
                 const std::function<void(int, const ClusterDraw&)>& fn, const std::function<bool()>& stop = {});

} // namespace ll::stats
