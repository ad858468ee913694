#include "annotate/RegionRecompute.h"

#include "annotations/Rasterise.h"
#include "inspect/CaseCompute.h"
#include "inspect/CaseSources.h"

namespace ll::ui {

CasePtr recomputeCaseWithLabels(const CaseData& base, const SceneAnnotations& labels, const MetricParams& params,
                                const CancelToken& token) {
    // The images and their sources are shared with `base`; only the regions, the evaluation, the
    // map views and the overlays are new.
    auto c = std::make_shared<CaseData>(base);
    c->evaluating = false;
    c->regions = std::make_shared<const RegionMasks>(rasteriseByClass(labels, c->size.width(), c->size.height()));
    throwIfCancelled(token);
    if (c->hasEdit)
        c->result = std::make_shared<const EvalResult>(evaluate(desktopInputs(cancellable(c->inputs(), token)), params, KeptMaps::Compact));
    throwIfCancelled(token);
    auto overlays = std::make_shared<CaseOverlays>(base.overlays ? *base.overlays : CaseOverlays{});
    overlays->annotations = overlayShapes(labels, c->size);
    c->overlays = std::move(overlays);
    buildMapSources(*c, token);
    return c;
}

} // namespace ll::ui
