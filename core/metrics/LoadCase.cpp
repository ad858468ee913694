#include "metrics/LoadCase.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "annotations/SceneRegions.h"
#include "colour/SceneLinear.h"
#include "dataset/EvaluationSize.h"
#include "image/ImageIO.h"
#include "image/Resample.h"
#include "util/Error.h"

#include <cmath>

namespace ll {
namespace {

void rejectNonFinite(const Image& img, const std::filesystem::path& path) {
    const std::size_t n = countNonFinite(img);
    if (n) throw Error(path.string(), std::to_string(n) + " pixels are NaN or infinite");
}

Image loadReal(const std::filesystem::path& path, const CaseOptions& o, const ColourConfig& colour) {
    Image img = toSceneLinear(loadImage(path), colour);
    img.info.path = path.string();
    if (o.rejectNonFinite) rejectNonFinite(img, path);
    return img;
}

Image toSize(const Image& img, int W, int H, const std::filesystem::path& path, bool allowAspect) {
    if (img.width() == W && img.height() == H) return img;
    checkAspectRatio(img.width(), img.height(), W, H, path.string(), allowAspect);
    return resampleLinear(img, W, H);
}

// Pixels of a normalised integer edit with a channel at the format maximum (8-bit: code 255).
Mask clippedAtFormatMax(const Image& normalised) {
    Mask m(normalised.width(), normalised.height());
    for (std::size_t i = 0; i < m.size(); ++i) {
        const float* p = normalised.data() + i * 3;
        m[i] = (p[0] >= 1.0f || p[1] >= 1.0f || p[2] >= 1.0f) ? 1 : 0;
    }
    return m;
}

} // namespace

EvalInputs LoadedCase::inputs(Task task, const ModelImagePath* path) const {
    EvalInputs in;
    in.on = &on;
    in.off = &off;
    in.edit = &edit;
    in.editCodes = editCodes ? &*editCodes : nullptr;
    in.editClipped = editClipped ? &*editClipped : nullptr;
    in.editSourceCodes = editSourceCodes ? &*editSourceCodes : nullptr;
    in.task = task;
    in.k = k;
    in.regions = regions;
    in.clipLevel = clipLevel;
    in.modelPath = path;
    return in;
}

LoadedCase loadCase(const CaseFiles& files, const CaseOptions& o, const ColourConfig& colour) {
    if (!(o.k > 0.0f) || !std::isfinite(o.k)) throw Error("k", "must be a positive finite number");
    LoadedCase c;
    c.k = o.k;
    Image on = loadReal(files.on, o, colour);
    Image off = loadReal(files.off, o, colour);
    if (on.width() != off.width() || on.height() != off.height())
        throw Error(files.off.string(), "size " + std::to_string(off.width()) + "x" + std::to_string(off.height()) +
                                            " differs from the on image's " + std::to_string(on.width()) + "x" +
                                            std::to_string(on.height()));
    // Integer real images clip at their format maximum (normalised 1) unless a level is given.
    c.clipLevel = o.clipLevel;
    if (!c.clipLevel && (!on.info.isFloat || !off.info.isFloat)) c.clipLevel = 1.0f;

    const Image editFile = loadImage(files.edit);
    if (o.rejectNonFinite) rejectNonFinite(editFile, files.edit);
    const ModelImagePath path(colour, o.editColourSpace);
    const bool eightBit = !editFile.info.isFloat && editFile.info.bitsPerSample <= 8;
    Image edit = path.decode(editFile, o.k);
    edit.info.path = files.edit.string();

    // Without a forced size: the smaller of the edit's and the pair's size (spec "Inputs"), so the real
    // pair is never enlarged to an edit's size.
    const auto size = o.size ? *o.size : smallerSize({edit.width(), edit.height()}, {on.width(), on.height()});
    const int W = size.first, H = size.second;
    if (W <= 0 || H <= 0) throw Error("size", "evaluation size must be positive");
    c.width = W;
    c.height = H;
    for (const auto& [img, file] : {std::pair{&on, &files.on}, std::pair{&edit, &files.edit}})
        if (img->width() != W || img->height() != H)
            c.warnings.push_back(file->string() + ": resampled from " + std::to_string(img->width()) + "x" +
                                 std::to_string(img->height()) + " to the evaluation size " + std::to_string(W) + "x" +
                                 std::to_string(H));
    c.on = toSize(on, W, H, files.on, o.allowAspectChange);
    c.off = toSize(off, W, H, files.off, o.allowAspectChange);
    const bool resized = edit.width() != W || edit.height() != H;
    c.edit = toSize(edit, W, H, files.edit, o.allowAspectChange);
    if (eightBit && !resized)
        c.editCodes = ModelImagePath::codesOf(editFile); // evaluate() tests code 255 itself
    else if (!editFile.info.isFloat)                     // resized 8-bit, or 16-bit: format maximum
        c.editClipped = resampleMaskAny(clippedAtFormatMax(editFile), W, H);
    if (eightBit && resized) c.editSourceCodes = ModelImagePath::codesOf(editFile); // quantisation Monte Carlo
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
