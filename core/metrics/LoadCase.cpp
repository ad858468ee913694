#include "metrics/LoadCase.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "annotations/SceneRegions.h"
#include "metrics/LoadEdit.h"
#include "metrics/RealImages.h"
#include "util/Error.h"

#include <cmath>

namespace ll {

EvalInputs LoadedCase::inputs(Task task, const ModelImagePath* path) const {
    EvalInputs in;
    in.on = &on;
    in.off = &off;
    editInto(in, edit, editCodes, editTable, editClipped, editSourceCodes);
    in.task = task;
    in.k = k;
    in.regions = regions;
    in.clipLevel = clipLevel;
    in.modelPath = path;
    return in;
}

EditSizing editSizingFor(const CaseOptions& o, int pairWidth, int pairHeight) {
    EditSizing sizing;
    sizing.size = o.size;
    sizing.pairSize = std::pair{pairWidth, pairHeight};
    sizing.allowAspectChange = o.allowAspectChange;
    sizing.rejectNonFinite = o.rejectNonFinite;
    sizing.codesOnly = o.editCodesOnly;
    return sizing;
}

LoadedCase loadCase(const CaseFiles& files, const CaseOptions& o, const ColourConfig& colour) {
    if (!(o.k > 0.0f) || !std::isfinite(o.k)) throw Error("k", "must be a positive finite number");
    LoadedCase c;
    c.k = o.k;
    Image on = loadRealImage(files.on, colour, o.rejectNonFinite);
    Image off = loadRealImage(files.off, colour, o.rejectNonFinite);
    checkPairSize(on, off, files.off);
    c.clipLevel = realClipLevel(on, off, o.clipLevel);

    const ModelImagePath path(colour, o.editColourSpace);
    LoadedEdit edit = loadEdit(files.edit, path, o.k, editSizingFor(o, on.width(), on.height()));
    const int W = edit.width(), H = edit.height();
    c.width = W;
    c.height = H;
    auto resampled = [&](const std::filesystem::path& file, int w, int h) {
        if (w != W || h != H)
            c.warnings.push_back(file.string() + ": resampled from " + std::to_string(w) + "x" + std::to_string(h) +
                                 " to the evaluation size " + std::to_string(W) + "x" + std::to_string(H));
    };
    resampled(files.on, on.width(), on.height());
    resampled(files.edit, edit.sourceWidth, edit.sourceHeight);
    c.on = toEvaluationSize(std::move(on), W, H, files.on, o.allowAspectChange);
    c.off = toEvaluationSize(std::move(off), W, H, files.off, o.allowAspectChange);
    c.edit = std::move(edit.edit);
    c.editCodes = std::move(edit.codes);
    c.editTable = edit.table;
    c.editClipped = std::move(edit.clipped);
    c.editSourceCodes = std::move(edit.sourceCodes);
    for (const Image* img : {&c.on, &c.off, &c.edit})
        for (const auto& n : img->info.notes) c.warnings.push_back(img->info.path + ": " + n);

    if (files.labels && o.ignoreUnreadableLabels) {
        SceneRegions r = loadSceneRegions(*files.labels, W, H, &c.warnings);
        c.regions = std::move(r.regions);
        c.labelsProblem = std::move(r.labelsProblem);
    } else if (files.labels) {
        const SceneAnnotations scene = loadAnnotations(*files.labels, &c.warnings);
        c.regions = rasteriseByClass(scene, W, H);
    }
    return c;
}

} // namespace ll
