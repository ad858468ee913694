#include "stats/ClusterBootstrap.h"

#include "util/DrawRng.h"

#include <tbb/parallel_for.h>

namespace ll::stats {

ClusterDraw makeClusterDraw(std::size_t raters, std::size_t scenes, std::uint64_t seed, std::uint64_t draw) {
    auto rng = drawRng(seed, RngStream::Bootstrap, draw);
    ClusterDraw d;
    d.raterCount.assign(raters, 0);
    d.sceneCount.assign(scenes, 0);
    for (std::size_t i = 0; i < raters; ++i) ++d.raterCount[uniformIndex(rng, raters)];
    for (std::size_t i = 0; i < scenes; ++i) ++d.sceneCount[uniformIndex(rng, scenes)];
    return d;
}

ClusterDraw identityDraw(std::size_t raters, std::size_t scenes) {
    return {std::vector<int>(raters, 1), std::vector<int>(scenes, 1)};
}

void forEachDraw(std::size_t raters, std::size_t scenes, int draws, std::uint64_t seed,
                 const std::function<void(int, const ClusterDraw&)>& fn, const std::function<bool()>& stop) {
    tbb::task_group_context context;
    tbb::parallel_for(
        0, draws,
        [&](int d) {
            if (stop && stop()) {
                context.cancel_group_execution();
                return;
            }
            fn(d, makeClusterDraw(raters, scenes, seed, std::uint64_t(d)));
        },
        tbb::auto_partitioner(), context);
}

} // namespace ll::stats
