#pragma once
// DisplayToolBar: the controls over the shared ViewState: grid layout, exposure, tonemap (sRGB,
// gamma, false colour), the signed-map range (auto P99 or typed), overlays (annotation classes,
// opacity, Omega, band contours) and the A/B comparison (panes, flicker, wipe position).
// Two-way: it follows changes made by keys.
#include "view/PaneGrid.h"
#include "view/ViewState.h"

#include <QToolBar>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QMenu;
class QSlider;
class QSpinBox;
class QToolButton;

namespace ll::ui {

class DisplayToolBar : public QToolBar {
    Q_OBJECT
public:
    DisplayToolBar(ViewState* state, PaneGrid* grid, QWidget* parent = nullptr);
    // Annotation classes of the current case (one toggle each).
    void setAnnotationClasses(const QStringList& classes);

private:
    void syncFromState();
    void pushDisplay();

    ViewState* state_;
    PaneGrid* grid_;
    QComboBox* layout_;
    QDoubleSpinBox* exposure_;
    QComboBox* tonemap_;
    QDoubleSpinBox* gamma_;
    QCheckBox* autoRange_;
    QDoubleSpinBox* range_;
    QToolButton* annotations_;
    QMenu* classMenu_;
    QSlider* opacity_;
    QToolButton* omega_;
    QToolButton* bands_;
    QSpinBox* paneA_;
    QSpinBox* paneB_;
    QToolButton* flicker_;
    QToolButton* wipe_;
    QSlider* wipePos_;
    bool syncing_ = false;
};

} // namespace ll::ui
