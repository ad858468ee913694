// checkEvalInputs (EvalRun.h): every image of the call present (the edit as an image or as its codes
// with their table) and of the pair's size.
#include "metrics/EvalRun.h"

#include "util/Error.h"

#include <cmath>

namespace ll {

void checkEvalInputs(const EvalInputs& in) {
    if (!in.on || !in.off || !(in.edit || (in.editCodes && in.editTable)))
        throw Error("evaluation", "the on, off and edit images are all required (the edit as an image, or its codes "
                                  "with their table)");
    const int W = in.on->width(), H = in.on->height();
    if (W <= 0 || H <= 0) throw Error("evaluation", "empty image");
    auto same = [&](int w, int h, const std::string& what) {
        if (w != W || h != H)
            throw Error(what, "size " + std::to_string(w) + "x" + std::to_string(h) + " differs from " +
                                  std::to_string(W) + "x" + std::to_string(H));
    };
    same(in.off->width(), in.off->height(), in.off->info.path.empty() ? "off image" : in.off->info.path);
    if (in.edit) same(in.edit->width(), in.edit->height(), in.edit->info.path.empty() ? "edit" : in.edit->info.path);
    if (in.editCodes) {
        same(in.editCodes->width, in.editCodes->height, "edit codes");
        if (in.editCodes->rgb.size() != in.on->floatCount()) throw Error("edit codes", "wrong number of values");
    }
    if (in.window) same(in.window->width(), in.window->height(), "window mask");
    if (in.editClipped) same(in.editClipped->width(), in.editClipped->height(), "clipped-edit mask");
    if (in.targetSeen) same(in.targetSeen->width(), in.targetSeen->height(), "encoded target");
    if (in.blurredLight) same(in.blurredLight->width(), in.blurredLight->height(), "blurred light signal");
    if (in.light) same(in.light->width(), in.light->height(), "light signal");
    if (in.blurredPercentile && (!in.blurredLight || !std::isfinite(*in.blurredPercentile)))
        throw Error("evaluation", "a percentile of the blurred light signal needs that signal and must be finite");
    for (const auto& [name, m] : in.regionMasks()) same(m.width(), m.height(), "region '" + name + "'");
    if (!(in.k > 0.0f) || !std::isfinite(in.k)) throw Error("evaluation", "k must be a positive finite number");
}

} // namespace ll
