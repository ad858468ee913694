#pragma once
// Writes the maps of one evaluation into a folder (lightlens-cli eval --maps DIR):
//   float EXR: ratio_real, ratio_edit, standardised_real, standardised_edit, sie_per_channel, sie_map,
//              gradient_real, gradient_edit, lfe_per_channel, lfe_map, light_signal, light_signal_blurred
//   PNG (colour-mapped, legend below the image): sie_map, lfe_map (diverging, symmetric P99 range),
//              ratio_real, ratio_edit (mean over channels, sequential P1..P99), exclusion_reasons, bands
//   PNG masks (white = set): mask_omega, mask_<reason> for each exclusion reason, mask_gradient_domain,
//              mask_omega80_r/g/b
// Every file is written atomically. Throws ll::Error naming the folder or file on failure.
#include "metrics/Evaluate.h"

#include <filesystem>
#include <vector>

namespace ll {

// Returns the files written.
std::vector<std::filesystem::path> writeEvalMaps(const EvalMaps& maps, const std::filesystem::path& dir);

} // namespace ll
