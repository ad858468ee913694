#pragma once
// The eval JSON of the command-line contract (spec data-and-cli.md "eval JSON"): task, sie, lfe, sie1,
// psnr, ssim, valid_fraction, valid_pixels, degenerate, size, regions, bands; undefined values are
// null, never NaN. Extra keys: degenerate_reason, sie_per_channel, lfe_per_channel,
// sie1_per_channel, excluded (pixels per first exclusion reason), ratio_stats (median/MAD of E_R and
// E_G per channel), low_signal_threshold, band_max_signal, lpips (null: not available offline),
// quantisation_uncertainty (when computed).
#include "metrics/Evaluate.h"

#include <nlohmann/json.hpp>

namespace ll {

nlohmann::json toJson(const EvalScores& scores);
nlohmann::json toJson(const RegionScore& region);

} // namespace ll
