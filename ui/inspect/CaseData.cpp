#include "inspect/CaseData.h"

namespace ll::ui {

EvalInputs CaseData::inputs() const {
    EvalInputs in = loaded().inputs(id.task);
    in.regions.clear();
    if (regions) in.sharedRegions = regions.get(); // shared, not copied (the CaseData outlives the evaluation)
    return in;
}

std::size_t CaseData::bytes() const {
    const std::size_t px = std::size_t(std::max(0, size.width())) * std::size_t(std::max(0, size.height()));
    std::size_t n = px * 3 * sizeof(float) * 2; // on, off
    const LoadedCase& l = loaded();
    n += l.edit.floatCount() * sizeof(float) + (l.editCodes ? l.editCodes->rgb.size() : 0);
    if (regions)
        for (const auto& [name, m] : *regions) n += m.size();
    if (const EvalMaps* m = maps()) {
        for (const Image* i : {&m->ratioReal, &m->ratioEdit, &m->standardisedReal, &m->standardisedEdit,
                               &m->siePerChannel, &m->gradientReal, &m->gradientEdit, &m->lfePerChannel})
            n += i->floatCount() * sizeof(float);
        for (const FloatPlane* p : {&m->sieMap, &m->lfeMap, &m->standardisedRealMean, &m->standardisedEditMean,
                                    &m->lightSignal, &m->blurredSignal})
            n += p->size() * sizeof(float);
        for (const Mask* k : {&m->masks.nonFinite, &m->masks.nonPositiveDenominator, &m->masks.clippedReal,
                              &m->masks.clippedEdit, &m->masks.lowSignal, &m->masks.window, &m->gradientDomain})
            n += k->size();
        n += px * 6; // the reason, band and Omega planes, Omega80
    }
    for (const auto& s : sources)
        if (s) n += s->bytes();
    if (overlays) n += std::size_t(overlays->outsideOmega.sizeInBytes() + overlays->bandContours.sizeInBytes());
    return n;
}

} // namespace ll::ui
