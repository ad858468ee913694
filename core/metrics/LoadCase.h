#pragma once
// Loading one evaluation case from files (spec data-and-cli.md, metrics-3dlp.md "Inputs"):
//  - I_on, I_off: loadImage + toSceneLinear (reference space linear Rec.709);
//  - the edit: an LDR file linearised by the model path (sRGB by default) and divided by k; 8-bit
//    files keep their code values (clipped-edit test, quantisation Monte Carlo, PSNR/SSIM);
//  - the evaluation size: a forced size (a dataset scene's size: dataset/EvaluationSize.h), else the
//    smaller of the edit's and the pair's size; images are resampled to it in linear light
//    (resampleLinear: area averaging down, bilinear up). The aspect-ratio rule (1%) applies to every
//    resize;
//  - clipping: integer real files clip at their format maximum (1.0) unless a level is given; an
//    8-bit edit at its size keeps its codes (evaluate() tests code 255); a resized 8-bit edit or a
//    16-bit edit gets a clipped-edit mask: a channel at the format maximum in any source pixel under
//    the output pixel's footprint (resampleMaskAny);
//  - region masks from a COCO or LabelMe labels file, rasterised at the evaluation size ("window"
//    is one of them: evaluate() excludes it everywhere). With ignoreUnreadableLabels a labels file
//    that cannot be read leaves the regions empty and sets labelsProblem instead of throwing.
// Every problem throws ll::Error naming the file.
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "image/Image.h"
#include "image/Plane.h"
#include "metrics/Evaluate.h"
#include "metrics/LoadEdit.h"

#include <array>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll {

struct CaseFiles {
    std::filesystem::path on, off, edit;
    std::optional<std::filesystem::path> labels;
};

struct CaseOptions {
    float k = 1.0f;
    std::optional<std::pair<int, int>> size; // forced evaluation size (width, height); else the smaller of edit and pair
    bool allowAspectChange = false;
    std::string editColourSpace = "srgb";
    std::optional<float> clipLevel;          // real-image clip level (scene metadata)
    bool rejectNonFinite = true;             // NaN/Inf pixels in a file are an error naming it
    // An unreadable labels file is ignored with a warning (LoadedCase::labelsProblem, empty regions)
    // instead of failing the case (annotations/SceneRegions.h).
    bool ignoreUnreadableLabels = false;
    // An 8-bit edit at the evaluation size keeps only its codes (EditSizing::codesOnly): LoadedCase::edit
    // then has no pixels, and editPixels() and inputs() read the codes through editTable.
    bool editCodesOnly = false;
};

struct LoadedCase {
    Image on, off, edit;               // at the evaluation size; edit linear / k
    std::optional<Codes8> editCodes;   // when the edit was 8-bit and not resized
    std::array<float, 256> editTable{}; // with editCodes: each code's linear value / k
    std::optional<Mask> editClipped;   // when the 8-bit edit was resized
    std::optional<Codes8> editSourceCodes; // a resized 8-bit edit's codes at its own size (Monte Carlo)
    std::map<std::string, Mask> regions;
    std::vector<std::string> warnings; // from the labels file and the loaders' notes
    std::optional<std::string> labelsProblem; // the labels file was ignored (ignoreUnreadableLabels)
    float k = 1.0f;
    std::optional<float> clipLevel;
    int width = 0, height = 0;

    // Inputs for evaluate() pointing into this object (which must outlive them).
    EvalInputs inputs(Task task, const ModelImagePath* path = nullptr) const;
    // The edit's linear values: `edit`, or its codes through editTable when `edit` has no pixels
    // (CaseOptions::editCodesOnly).
    EditPixels editPixels() const {
        return EditPixels::of(edit, editCodes ? &*editCodes : nullptr, editTable);
    }
};

LoadedCase loadCase(const CaseFiles& files, const CaseOptions& options, const ColourConfig& colour);

// How loadCase sizes the edit under `options`, the real pair being pairWidth x pairHeight at its own
// size (read only when options.size is not set: LoadEdit.h).
EditSizing editSizingFor(const CaseOptions& options, int pairWidth, int pairHeight);

} // namespace ll
