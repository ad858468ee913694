#include "view/CaseOverlays.h"

#include "figure/ClassColour.h"

#include <QObject>
#include <QSet>

namespace ll::ui {

// The figures' class colours (figure/ClassColour.h), so the overlays and the figures agree.
QColor annotationClassColour(const QString& c) { return figure::annotationClassColour(c); }

QColor outsideOmegaColour() { return QColor(0xff, 0x3d, 0x9a); }

std::vector<OverlayLegendEntry> overlayLegend(const CaseOverlays& o, const OverlayOptions& options) {
    std::vector<OverlayLegendEntry> out;
    if (options.omega && !o.outsideOmega.isNull()) out.push_back({QObject::tr("outside Ω"), outsideOmegaColour()});
    if (options.bandContours && !o.bandContours.isNull())
        for (const auto& b : o.bands) out.push_back({QObject::tr("band %1").arg(b.name), b.colour});
    if (options.annotations) {
        QSet<QString> seen;
        for (const auto& s : o.annotations) {
            if (options.hiddenClasses.contains(s.className) || seen.contains(s.className)) continue;
            seen.insert(s.className);
            out.push_back({s.className, s.colour});
        }
    }
    return out;
}

} // namespace ll::ui
