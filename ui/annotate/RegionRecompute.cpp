#include "annotate/RegionRecompute.h"

#include "annotations/Rasterise.h"
#include "inspect/CaseSources.h"

namespace ll::ui {

std::vector<AnnotationShape> overlayShapes(const SceneAnnotations& a, QSize size) {
    std::vector<AnnotationShape> out;
    const double sx = a.imageWidth > 0 ? double(size.width()) / a.imageWidth : 1.0;
    const double sy = a.imageHeight > 0 ? double(size.height()) / a.imageHeight : 1.0;
    for (const Shape& s : a.shapes) {
        const auto rings = shapeRings(s, false);
        if (rings.empty()) continue;
        QPainterPath path;
        path.setFillRule(s.ringRule == RingRule::EvenOdd ? Qt::OddEvenFill : Qt::WindingFill);
        for (const Ring& r : rings) {
            if (r.size() < 2) continue;
            path.moveTo(r[0].x * sx, r[0].y * sy);
            for (std::size_t i = 1; i < r.size(); ++i) path.lineTo(r[i].x * sx, r[i].y * sy);
            path.closeSubpath();
        }
        const QString cls = QString::fromStdString(s.className.empty() ? s.label : s.className);
        out.push_back({cls, annotationClassColour(cls), path});
    }
    return out;
}

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
