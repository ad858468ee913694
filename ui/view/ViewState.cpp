#include "view/ViewState.h"

namespace ll::ui {

void ViewState::setTransform(const ViewTransform& t, bool fitMode) {
    fitMode_ = fitMode;
    if (t == transform_) return;
    transform_ = t;
    Q_EMIT transformChanged();
}

void ViewState::setDisplay(const DisplaySettings& d) {
    if (d == display_) return;
    display_ = d;
    Q_EMIT displayChanged();
}

void ViewState::setExposure(double ev) {
    DisplaySettings d = display_;
    d.exposureEv = ev;
    setDisplay(d);
}

void ViewState::setOverlays(const OverlayOptions& o) {
    if (o == overlays_) return;
    overlays_ = o;
    Q_EMIT overlaysChanged();
}

void ViewState::setCompare(const CompareOptions& c) {
    if (c == compare_) return;
    compare_ = c;
    Q_EMIT compareChanged();
}

void ViewState::setHover(QPoint p) {
    if (p == hover_) return;
    hover_ = p;
    Q_EMIT hoverChanged(p);
}

} // namespace ll::ui
