// regionsStage (EvalRun.h), spec "Regions and bands": each band's and region's SIE and LFE from the
// sums the SIE and LFE stages collected (RegionSums), undefined below the minimum pixel count or
// where the image-level score is undefined.
#include "metrics/EvalRun.h"

namespace ll {

void regionsStage(EvalRun& run) {
    EvalScores& s = run.scores;
    const std::size_t nBands = run.bandKeys.size();
    const std::vector<RegionScore> regionScores =
        run.ws.regions.scores(run.sieDefined, run.lfeDefined, run.params.minRegionPixels);
    for (std::size_t b = 0; b < nBands; ++b) s.bands[run.bandKeys[b]] = regionScores[b];
    for (std::size_t k = 0; k < run.regionNames.size(); ++k) s.regions[run.regionNames[k]] = regionScores[nBands + k];
}

} // namespace ll
