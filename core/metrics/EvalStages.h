#pragma once
// The stages of evaluate() in the order they run (metrics-3dlp.md), as EvalInputs::onStage names them.
#include "metrics/MetricParams.h"

#include <vector>

namespace ll {

inline constexpr const char* kStageValidity = "validity mask";
inline constexpr const char* kStageClassic = "PSNR and SSIM";
inline constexpr const char* kStageSie = "SIE and gradients";
inline constexpr const char* kStageLfe = "LFE";
inline constexpr const char* kStageRegions = "regions and bands";
inline constexpr const char* kStageUncertainty = "quantisation uncertainty";

// The stages a call with `params` runs (the uncertainty stage when the parameters ask for it; it is
// left out at run time too when the edit has no 8-bit codes or no score).
inline std::vector<const char*> evalStages(const MetricParams& params) {
    std::vector<const char*> s{kStageValidity};
    if (params.computeClassic) s.push_back(kStageClassic);
    s.insert(s.end(), {kStageSie, kStageLfe, kStageRegions});
    if (params.computeUncertainty) s.push_back(kStageUncertainty);
    return s;
}

} // namespace ll
