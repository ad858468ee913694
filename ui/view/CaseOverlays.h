#pragma once
// CaseOverlays: what is drawn over the images of one case, prepared on a worker thread:
// annotation polygons by class (image coordinates), a tint image of the pixels outside Omega,
// and the intensity band contours. All images have the case's evaluation size.
#include <QColor>
#include <QImage>
#include <QPainterPath>
#include <QSize>
#include <QString>

#include "view/ViewState.h"

#include <memory>
#include <vector>

namespace ll::ui {

struct AnnotationShape {
    QString className;
    QColor colour;
    QPainterPath path; // image pixel coordinates
};

// One entry of a pane's overlay key: a swatch and what it marks.
struct OverlayLegendEntry {
    QString name;
    QColor colour;
    bool operator==(const OverlayLegendEntry&) const = default;
};

struct CaseOverlays {
    QSize size;
    std::vector<AnnotationShape> annotations;
    // 8-bit indexed (a byte per pixel; colour table entry 0 transparent):
    QImage outsideOmega; // opaque where excluded, transparent where valid (tinted when drawn)
    QImage bandContours; // band boundary pixels in the band colour, transparent elsewhere
    std::vector<OverlayLegendEntry> bands; // the band contour colours, brightest band first
};

// The tint colour of pixels outside Omega.
QColor outsideOmegaColour();

// The key of the overlays switched on: "outside Ω", the band contours, then each annotation class
// drawn (not hidden), in the order the classes first appear.
std::vector<OverlayLegendEntry> overlayLegend(const CaseOverlays& overlays, const OverlayOptions& options);

using OverlaysPtr = std::shared_ptr<const CaseOverlays>;

// A stable, distinct colour for an annotation class name.
QColor annotationClassColour(const QString& className);

} // namespace ll::ui
