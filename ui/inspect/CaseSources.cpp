#include "inspect/CaseSources.h"

#include "annotations/AnnotationIO.h"
#include "annotations/Rasterise.h"
#include "inspect/DerivedViews.h"
#include "metrics/EvalDerivedMaps.h"
#include "metrics/MapPalette.h"
#include "view/CaseOverlays.h"
#include "view/ColourMaps.h"
#include "view/LabelDespeckle.h"

#include <oneapi/tbb/task_group.h>

#include <algorithm>
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

// Overlays are 8-bit indexed images (a byte per pixel instead of four): index 0 is transparent.

// `colour` outside Omega (index 1), transparent inside.
QImage outsideImage(const Mask& omega, QColor colour) {
    QImage img(omega.width(), omega.height(), QImage::Format_Indexed8);
    img.setColorTable({qRgba(0, 0, 0, 0), colour.rgba()});
    for (int y = 0; y < omega.height(); ++y) {
        uchar* row = img.scanLine(y);
        const std::uint8_t* in = omega.row(y);
        for (int x = 0; x < omega.width(); ++x) row[x] = in[x] ? 0 : 1;
    }
    return img;
}

QImage contourImage(const Plane<std::uint8_t>& labels, const std::vector<QColor>& colours) {
    // Index 1 + b draws band b; the last index is white (a label without a colour).
    QList<QRgb> table{qRgba(0, 0, 0, 0)};
    for (const QColor& c : colours) table.push_back(c.rgba());
    const auto white = uchar(table.size());
    table.push_back(qRgba(255, 255, 255, 255));
    QImage img(labels.width(), labels.height(), QImage::Format_Indexed8);
    img.setColorTable(table);
    img.fill(0);
    for (int y = 0; y < labels.height(); ++y) {
        uchar* row = img.scanLine(y);
        for (int x = 0; x < labels.width(); ++x) {
            const std::uint8_t v = labels(x, y);
            const bool edge = (x + 1 < labels.width() && labels(x + 1, y) != v) ||
                              (y + 1 < labels.height() && labels(x, y + 1) != v);
            if (!edge) continue;
            // The brighter (lower index) side draws the line.
            std::uint8_t b = v;
            if (x + 1 < labels.width()) b = std::min(b, labels(x + 1, y));
            if (y + 1 < labels.height()) b = std::min(b, labels(x, y + 1));
            row[x] = b < colours.size() ? uchar(1 + b) : white;
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
        group.run([&] {
            const EditPixels edit = c.loaded().editPixels();
            const QString name = paneContentName(PaneContent::Edit);
            if (edit.image()) {
                at(PaneContent::Edit) = ImageSource::colour(shared(*edit.image()), name);
                return;
            }
            // An 8-bit edit held as its codes: decoded row by row when drawn (the rows keep the case alive).
            at(PaneContent::Edit) = ImageSource::colour(edit.width(), edit.height(),
                                                        [keep = c.loadedCase, edit](int y, int x0, int n, float* out) {
                                                            edit.read(y, x0, n, out);
                                                        },
                                                        name);
        });
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
    // E_R, E_G, the SIE map and the means of S(E) are computed from the images when drawn (the
    // evaluation keeps none of them: KeptMaps::Compact), and built together (DerivedViews.h); their
    // rows keep the images and the result alive.
    group.run([&] {
        if (token.cancelled()) return;
        const auto derived = std::make_shared<const EvalDerivedMaps>(c.loaded().on, c.loaded().off, c.loaded().editPixels(),
                                                                     omega, c.result->scores);
        const std::array<PaneContent, 5> panes{PaneContent::RatioReal, PaneContent::RatioEdit, PaneContent::StdReal,
                                               PaneContent::StdEdit, PaneContent::SieMap};
        const auto keepAlive = std::make_shared<const std::pair<std::shared_ptr<const LoadedCase>, std::shared_ptr<const EvalResult>>>(
            c.loadedCase, c.result);
        const auto views = buildDerivedViews(derived, omegaShared, keepAlive, {"E_R", "E_G", "S(E_R)", "S(E_G)", "SIE"});
        for (std::size_t m = 0; m < panes.size(); ++m) {
            at(panes[m]) = views[m];
            finished(panes[m]);
        }
    });
    build(PaneContent::LfeMap, [&] {
        auto anyOmega80 = std::make_shared<Mask>(c.size.width(), c.size.height());
        for (std::size_t i = 0; i < anyOmega80->size(); ++i)
            (*anyOmega80)[i] = m->omega80[0][i] | m->omega80[1][i] | m->omega80[2][i];
        return ImageSource::signedMap(shared(m->lfeMap), std::move(anyOmega80), "LFE");
    });
    build(PaneContent::Validity, [&] {
        QStringList reasons;
        for (int r = 0; r < kExclusionReasonCount; ++r) reasons << exclusionReasonName(ExclusionReason(r));
        return ImageSource::categorical(shared(m->masks.reason), exclusionReasonColours(), reasons,
                                        paneContentName(PaneContent::Validity));
    });
    build(PaneContent::Bands, [&] {
        return ImageSource::categorical(shared(m->bandLabels), colours, bands, paneContentName(PaneContent::Bands),
                                        kNoBand);
    });
    group.run([&] {
        if (token.cancelled()) return;
        overlays->outsideOmega = outsideImage(omega, outsideOmegaColour());
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
