#include "inspect/CaseSources.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "metrics/MapPalette.h"
#include "view/CaseOverlays.h"
#include "view/ColourMaps.h"
#include "view/LabelDespeckle.h"

#include <oneapi/tbb/task_group.h>

#include <cmath>
#include <mutex>
#include <type_traits>
#include <limits>

namespace ll::ui {

const std::vector<QColor>& exclusionReasonColours() {
    static const std::vector<QColor> c = [] {
        std::vector<QColor> out;
        for (int r = 0; r < kExclusionReasonCount; ++r) {
            const Rgb8Code rgb = exclusionReasonColour(ExclusionReason(r));
            out.emplace_back(rgb[0], rgb[1], rgb[2]);
        }
        return out;
    }();
    return c;
}

std::vector<QColor> bandColours(std::size_t count) {
    std::vector<QColor> out;
    for (std::size_t i = 0; i < count; ++i) {
        const Rgb8Code rgb = bandColour(i, count);
        out.emplace_back(rgb[0], rgb[1], rgb[2]);
    }
    return out;
}

namespace {

QImage maskImage(const Mask& excluded, QColor colour) {
    QImage img(excluded.width(), excluded.height(), QImage::Format_ARGB32_Premultiplied);
    const QRgb on = colour.rgba();
    for (int y = 0; y < excluded.height(); ++y) {
        auto* row = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < excluded.width(); ++x) row[x] = excluded(x, y) ? on : 0u;
    }
    return img;
}

QImage contourImage(const Plane<std::uint8_t>& labels, const std::vector<QColor>& colours) {
    QImage img(labels.width(), labels.height(), QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    for (int y = 0; y < labels.height(); ++y) {
        auto* row = reinterpret_cast<QRgb*>(img.scanLine(y));
        for (int x = 0; x < labels.width(); ++x) {
            const std::uint8_t v = labels(x, y);
            const bool edge = (x + 1 < labels.width() && labels(x + 1, y) != v) ||
                              (y + 1 < labels.height() && labels(x, y + 1) != v);
            if (!edge) continue;
            // The brighter (lower index) side draws the line.
            std::uint8_t b = v;
            if (x + 1 < labels.width()) b = std::min(b, labels(x + 1, y));
            if (y + 1 < labels.height()) b = std::min(b, labels(x, y + 1));
            row[x] = b < colours.size() ? colours[b].rgba() : qRgba(255, 255, 255, 255);
        }
    }
    return img;
}

} // namespace

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

void buildImageSources(CaseData& c, const std::optional<std::filesystem::path>& labels, const CancelToken& token) {
    // The panes show the loaded images themselves at full resolution (no copies).
    auto shared = [&c](const Image& image) { return std::shared_ptr<const Image>(c.loadedCase, &image); };
    auto& s = c.sources;
    auto at = [&](PaneContent p) -> SourcePtr& { return s[std::size_t(p)]; };
    tbb::task_group group;
    group.run([&] { at(PaneContent::Input) = ImageSource::colour(shared(c.input()), paneContentName(PaneContent::Input)); });
    group.run([&] { at(PaneContent::Target) = ImageSource::colour(shared(c.target()), paneContentName(PaneContent::Target)); });
    if (c.hasEdit)
        group.run([&] { at(PaneContent::Edit) = ImageSource::colour(shared(c.loaded().edit), paneContentName(PaneContent::Edit)); });
    auto overlays = std::make_shared<CaseOverlays>();
    overlays->size = c.size;
    if (labels && !c.loaded().labelsProblem) { // ignored labels are reported once, by the load
        try {
            overlays->annotations = overlayShapes(loadAnnotations(*labels), c.size);
        } catch (const std::exception& e) {
            c.warnings << QString::fromStdString(e.what());
        }
    }
    group.wait();
    throwIfCancelled(token);
    c.overlays = std::move(overlays);
}

void buildMapSources(CaseData& c, const CancelToken& token, const MapSourceProgress& progress) {
    const EvalMaps* m = c.maps();
    if (!m) return;
    auto& s = c.sources;
    auto at = [&](PaneContent p) -> SourcePtr& { return s[std::size_t(p)]; };
    const Mask& omega = m->masks.omega;
    // The map views show the evaluation's planes in place (kept alive through the case's result).
    auto shared = [&c](const auto& plane) {
        return std::shared_ptr<const std::remove_cvref_t<decltype(plane)>>(c.result, &plane);
    };
    const auto omegaShared = shared(omega);
    const auto colours = bandColours(m->bandKeys.size());
    QStringList bands;
    for (const auto& k : m->bandKeys) bands << QString::fromStdString(k) + "%";
    auto overlays = std::make_shared<CaseOverlays>(c.overlays ? *c.overlays : CaseOverlays{});
    overlays->size = c.size;

    // Each map view (and the overlays) is built as its own task; `done` counts them for the progress,
    // reported in order (under the lock).
    std::mutex reporting;
    int done = 0;
    auto finished = [&](PaneContent p) {
        const std::lock_guard lock(reporting);
        ++done;
        if (progress) progress(done, kMapSourceCount, p);
    };
    tbb::task_group group;
    auto build = [&](PaneContent p, auto make) {
        group.run([&, p, make] {
            if (token.cancelled()) return;
            at(p) = make();
            finished(p);
        });
    };
    build(PaneContent::SieMap, [&] { return ImageSource::signedMap(shared(m->sieMap), omegaShared, "SIE"); });
    build(PaneContent::LfeMap, [&] {
        auto anyOmega80 = std::make_shared<Mask>(c.size.width(), c.size.height());
        for (std::size_t i = 0; i < anyOmega80->size(); ++i)
            (*anyOmega80)[i] = m->omega80[0][i] | m->omega80[1][i] | m->omega80[2][i];
        return ImageSource::signedMap(shared(m->lfeMap), std::move(anyOmega80), "LFE");
    });
    build(PaneContent::RatioReal, [&] { return ImageSource::ratio(shared(m->ratioReal), omegaShared, "E_R"); });
    build(PaneContent::RatioEdit, [&] { return ImageSource::ratio(shared(m->ratioEdit), omegaShared, "E_G"); });
    build(PaneContent::StdReal, [&] {
        return ImageSource::signedMap(shared(m->standardisedRealMean), omegaShared, "S(E_R)");
    });
    build(PaneContent::StdEdit, [&] {
        return ImageSource::signedMap(shared(m->standardisedEditMean), omegaShared, "S(E_G)");
    });
    build(PaneContent::Validity, [&] {
        QStringList reasons;
        for (int r = 0; r < kExclusionReasonCount; ++r) reasons << exclusionReasonName(ExclusionReason(r));
        return ImageSource::categorical(m->masks.reason, exclusionReasonColours(), reasons,
                                        paneContentName(PaneContent::Validity));
    });
    build(PaneContent::Bands, [&] {
        return ImageSource::categorical(m->bandLabels, colours, bands, paneContentName(PaneContent::Bands), kNoBand);
    });
    group.run([&] {
        if (token.cancelled()) return;
        Mask excluded(omega.width(), omega.height());
        for (std::size_t i = 0; i < excluded.size(); ++i) excluded[i] = omega[i] ? 0 : 1;
        overlays->outsideOmega = maskImage(excluded, outsideOmegaColour());
        // Islands below contourMinArea are outlined as part of the band around them (display only).
        overlays->bandContours =
            contourImage(despeckleLabels(m->bandLabels, contourMinArea(c.size.width(), c.size.height())), colours);
        overlays->bands.clear();
        for (std::size_t b = 0; b < m->bandKeys.size() && b < colours.size(); ++b)
            overlays->bands.push_back({bands[int(b)], colours[b]});
        finished(PaneContent::Bands);
    });
    group.wait();
    throwIfCancelled(token);
    c.overlays = std::move(overlays);
}

void buildCaseSources(CaseData& c, const std::optional<std::filesystem::path>& labels, const CancelToken& token) {
    buildImageSources(c, labels, token);
    buildMapSources(c, token);
}

} // namespace ll::ui
