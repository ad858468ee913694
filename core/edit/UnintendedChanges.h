#pragma once
// Unintended-change analysis after the StableI2I taxonomy (spec: edit-scores.md), approximated with
// classical image analysis on the preserved region P. Each check gives a number, a map where it has
// one, and a flag; the verdict per dimension uses the paper's answer format and problem labels:
//   semantic:  add, remove, replace (a candidate list of changed regions, not a semantic judgement)
//   structure: misalignment, repainting
//   low-level: noise, blur, color cast, exposure degradation, artifact
#include "edit/EditInputs.h"
#include "edit/ImageViews.h"
#include "edit/UnintendedChangeParams.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::edit {

struct CheckResult {
    std::string name;      // the paper's problem label, e.g. "misalignment", "color cast"
    std::string dimension; // "semantic", "structure" or "low-level"
    std::optional<double> value;
    std::string measure;   // what the number is
    std::string rule;      // when it flags
    bool flagged = false;
    nlohmann::json details = nlohmann::json::object();
};

struct ChangeCandidate {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0; // inclusive bounding box
    std::size_t area = 0;
    std::string label;                  // "add", "remove" or "replace" (candidate)
    double textureInput = 0, textureEdit = 0; // mean local std of sRGB luma inside the component
    double meanDeltaE = 0;
};

struct DimensionVerdict {
    std::string dimension;
    bool consistent = true;            // StableI2I "answer": "Yes" when nothing is flagged
    std::vector<std::string> problems; // flagged labels
};

struct UnintendedChangeReport {
    std::size_t preservedPixels = 0;
    bool wholeImage = true;            // no mask: P is the whole image
    double compensatedDx = 0, compensatedDy = 0; // global shift undone before the non-alignment checks
    std::vector<CheckResult> checks;   // misalignment, repainting, blur, noise, color cast, exposure degradation, artifact, semantic
    std::vector<ChangeCandidate> candidates;
    std::vector<DimensionVerdict> verdicts; // semantic, structure, low-level
    std::map<std::string, FloatPlane> maps; // "preserved_region", "local_shift", "fine_ncc", "change"

    const CheckResult* check(const std::string& name) const;
    const DimensionVerdict* verdict(const std::string& dimension) const;
};

// P: not (m dilated by fraction * diagonal), or everything without a mask.
Mask preservedRegion(const std::optional<Mask>& mask, int width, int height, double fraction);

UnintendedChangeReport analyseUnintendedChanges(const EditCase& c, const ImageViews& x, const ImageViews& y,
                                                const ColourConfig& colour, const UnintendedChangeParams& params = {});

} // namespace ll::edit
