#pragma once
// A score as LightLens reports it: the value (absent when undefined), the classical measure it
// really is, and the learned measure the source paper used in its place (empty when the paper's
// measure is itself classical).
#include <optional>
#include <string>

namespace ll::edit {

struct Score {
    std::optional<double> value;
    std::string measure;      // what was computed, e.g. "SSIM of sRGB luminance outside the mask"
    std::string paperMeasure; // what the paper computes, e.g. "1 - LPIPS outside the mask"
    std::string note;         // why the value is absent, or a caveat
};

} // namespace ll::edit
