#include "inspect/CaseData.h"

namespace ll::ui {

EvalInputs CaseData::inputs() const {
    EvalInputs in = loaded().inputs(id.task);
    if (regions) in.regions = *regions;
    return in;
}

std::size_t CaseData::bytes() const {
    const std::size_t px = std::size_t(std::max(0, size.width())) * std::size_t(std::max(0, size.height()));
    std::size_t n = px * 3 * sizeof(float) * 3; // on, off, edit
    if (maps()) n += px * sizeof(float) * 3 * 9 + px * 4 * sizeof(float) + px * 12; // images, planes, masks
    for (const auto& s : sources)
        if (s) n += s->bytes();
    if (overlays) n += std::size_t(overlays->outsideOmega.sizeInBytes() + overlays->bandContours.sizeInBytes());
    return n;
}

} // namespace ll::ui
