#pragma once
// ViewState: what all panes of a grid share: the pan/zoom transform (locked together), the
// display settings, overlay options, the hovered pixel (drawn as a marker in every pane) and the
// A/B comparison (flicker, wipe). Canvases observe it; the main window and the keys edit it.
#include "view/DisplaySettings.h"
#include "view/ViewTransform.h"

#include <QObject>
#include <QPoint>
#include <QSet>
#include <QString>

namespace ll::ui {

struct OverlayOptions {
    bool annotations = false;
    QSet<QString> hiddenClasses; // annotation classes switched off
    double opacity = 0.55;       // of filled annotation polygons and the Omega tint
    bool omega = false;          // tint pixels outside the validity mask Omega
    bool bandContours = false;   // outline the intensity bands
    bool pixelGrid = true;       // pixel grid and values at high zoom
    bool operator==(const OverlayOptions&) const = default;
};

struct CompareOptions {
    int paneA = 0;
    int paneB = 1;
    bool flicker = false; // pane A shows pane B's content
    bool wipe = false;    // pane A shows A left of the wipe line and B right of it
    double wipePosition = 0.5; // fraction of the pane width
    bool operator==(const CompareOptions&) const = default;
};

class ViewState : public QObject {
    Q_OBJECT
public:
    explicit ViewState(QObject* parent = nullptr) : QObject(parent) {}

    const ViewTransform& transform() const { return transform_; }
    // fitMode: the transform was set by "fit" and follows pane resizes until the user zooms/pans.
    bool fitMode() const { return fitMode_; }
    void setTransform(const ViewTransform& t, bool fitMode = false);
    void requestFit() { fitMode_ = true; Q_EMIT fitRequested(); }

    const DisplaySettings& display() const { return display_; }
    void setDisplay(const DisplaySettings& d);
    void setExposure(double ev);

    const OverlayOptions& overlays() const { return overlays_; }
    void setOverlays(const OverlayOptions& o);

    const CompareOptions& compare() const { return compare_; }
    void setCompare(const CompareOptions& c);

    // Hovered image pixel, or (-1, -1).
    QPoint hover() const { return hover_; }
    void setHover(QPoint p);

Q_SIGNALS:
    void transformChanged();
    void fitRequested();
    void displayChanged();
    void overlaysChanged();
    void compareChanged();
    void hoverChanged(QPoint pixel);

private:
    ViewTransform transform_;
    bool fitMode_ = true;
    DisplaySettings display_;
    OverlayOptions overlays_;
    CompareOptions compare_;
    QPoint hover_{-1, -1};
};

} // namespace ll::ui
