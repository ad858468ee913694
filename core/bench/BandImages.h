#pragma once
// The band partition of a scene's real pair as an image (bench --band-images): each pixel coloured by
// its intensity band (BandPairMask.h), to compare with the paper's Fig. 12. The partition depends on
// the real pair alone, so one image per scene serves both tasks and every model.
#include "bench/ScenePairCache.h"

#include <filesystem>
#include <string>

namespace ll::bench {

inline constexpr const char* kBandsDir = "bands";

// Writes <dir>/<scene>.png atomically (the folder is created).
void writeBandImage(const ScenePair& pair, const MetricParams& params, const std::filesystem::path& dir,
                    const std::string& scene);

} // namespace ll::bench
