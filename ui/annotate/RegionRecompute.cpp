#include "annotate/RegionRecompute.h"

#include "annotations/Rasterise.h"
#include "inspect/CaseSources.h"

namespace ll::ui {

CasePtr recomputeCaseWithLabels(const CaseData& base, const SceneAnnotations& labels, const MetricParams& params,
                                const CancelToken& token) {
    auto c = std::make_shared<CaseData>(base);
    c->loaded.regions = rasteriseByClass(labels, c->loaded.width, c->loaded.height);
    throwIfCancelled(token);
    if (c->hasEdit) c->result = evaluate(c->loaded.inputs(c->id.task), params, true);
    throwIfCancelled(token);
    buildCaseSources(*c, std::nullopt, token);
    auto overlays = std::make_shared<CaseOverlays>(*c->overlays);
    overlays->annotations = overlayShapes(labels, c->size);
    c->overlays = std::move(overlays);
    return c;
}

} // namespace ll::ui
