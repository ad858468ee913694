#include "panels/DisplayToolBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QSlider>
#include <QSpinBox>
#include <QToolButton>

namespace ll::ui {
namespace {

QToolButton* toggle(const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setCheckable(true);
    b->setFocusPolicy(Qt::NoFocus);
    return b;
}

QLabel* caption(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    l->setObjectName("ToolCaption");
    return l;
}

} // namespace

DisplayToolBar::DisplayToolBar(ViewState* state, PaneGrid* grid, QWidget* parent)
    : QToolBar(tr("Display"), parent), state_(state), grid_(grid) {
    setObjectName("DisplayToolBar");
    setMovable(false);

    layout_ = new QComboBox(this);
    for (GridLayout g : {GridLayout::Single, GridLayout::OneByTwo, GridLayout::TwoByTwo, GridLayout::TwoByThree})
        layout_->addItem(gridLayoutName(g), int(g));
    layout_->setToolTip(tr("Pane grid"));
    addWidget(caption(tr("Grid"), this));
    addWidget(layout_);
    addSeparator();

    exposure_ = new QDoubleSpinBox(this);
    exposure_->setRange(-20, 20);
    exposure_->setSingleStep(0.5);
    exposure_->setDecimals(1);
    exposure_->setSuffix(" EV");
    exposure_->setToolTip(tr("Exposure of HDR panes (E / Shift+E)"));
    tonemap_ = new QComboBox(this);
    tonemap_->addItem(tr("sRGB"), int(Tonemap::Srgb));
    tonemap_->addItem(tr("Gamma"), int(Tonemap::Gamma));
    tonemap_->addItem(tr("False colour"), int(Tonemap::FalseColour));
    tonemap_->setToolTip(tr("Display encoding of HDR panes (T cycles)"));
    gamma_ = new QDoubleSpinBox(this);
    gamma_->setRange(0.2, 5.0);
    gamma_->setSingleStep(0.1);
    gamma_->setPrefix("γ ");
    addWidget(caption(tr("Exposure"), this));
    addWidget(exposure_);
    addWidget(tonemap_);
    addWidget(gamma_);
    addSeparator();

    autoRange_ = new QCheckBox(tr("Auto range"), this);
    autoRange_->setToolTip(tr("Signed maps: symmetric range from the 99th percentile of |value|"));
    range_ = new QDoubleSpinBox(this);
    range_->setRange(0.001, 1000);
    range_->setDecimals(3);
    range_->setPrefix("± ");
    range_->setToolTip(tr("Signed maps: fixed symmetric range"));
    addWidget(autoRange_);
    addWidget(range_);
    addSeparator();

    annotations_ = toggle(tr("Regions"), tr("Annotation polygons (A)"), this);
    classMenu_ = new QMenu(this);
    annotations_->setMenu(classMenu_);
    annotations_->setPopupMode(QToolButton::MenuButtonPopup);
    opacity_ = new QSlider(Qt::Horizontal, this);
    opacity_->setRange(5, 100);
    opacity_->setFixedWidth(70);
    opacity_->setToolTip(tr("Overlay opacity"));
    omega_ = toggle(tr("Ω"), tr("Tint pixels outside the validity mask Ω (O)"), this);
    bands_ = toggle(tr("Bands"), tr("Intensity band contours (B)"), this);
    addWidget(annotations_);
    addWidget(opacity_);
    addWidget(omega_);
    addWidget(bands_);
    addSeparator();

    paneA_ = new QSpinBox(this);
    paneB_ = new QSpinBox(this);
    for (auto* s : {paneA_, paneB_}) {
        s->setRange(1, PaneGrid::kMaxPanes);
        s->setFocusPolicy(Qt::ClickFocus);
    }
    paneA_->setPrefix("A ");
    paneB_->setPrefix("B ");
    flicker_ = toggle(tr("Flicker"), tr("Pane A shows pane B (Space)"), this);
    wipe_ = toggle(tr("Wipe"), tr("Pane A: A left, B right of the wipe line (W); drag the line"), this);
    wipePos_ = new QSlider(Qt::Horizontal, this);
    wipePos_->setRange(0, 1000);
    wipePos_->setFixedWidth(90);
    wipePos_->setToolTip(tr("Wipe position"));
    addWidget(caption(tr("Compare"), this));
    addWidget(paneA_);
    addWidget(paneB_);
    addWidget(flicker_);
    addWidget(wipe_);
    addWidget(wipePos_);

    connect(layout_, &QComboBox::activated, this, [this](int i) {
        grid_->setGridLayout(GridLayout(layout_->itemData(i).toInt()));
    });
    for (auto* s : {exposure_, gamma_, range_})
        connect(s, &QDoubleSpinBox::valueChanged, this, &DisplayToolBar::pushDisplay);
    connect(tonemap_, &QComboBox::activated, this, &DisplayToolBar::pushDisplay);
    connect(autoRange_, &QCheckBox::toggled, this, &DisplayToolBar::pushDisplay);
    auto pushOverlays = [this] {
        if (syncing_) return;
        OverlayOptions o = state_->overlays();
        o.annotations = annotations_->isChecked();
        o.omega = omega_->isChecked();
        o.bandContours = bands_->isChecked();
        o.opacity = opacity_->value() / 100.0;
        o.hiddenClasses.clear();
        for (QAction* a : classMenu_->actions())
            if (!a->isChecked()) o.hiddenClasses.insert(a->text());
        state_->setOverlays(o);
    };
    for (auto* b : {annotations_, omega_, bands_}) connect(b, &QToolButton::toggled, this, pushOverlays);
    connect(opacity_, &QSlider::valueChanged, this, pushOverlays);
    connect(classMenu_, &QMenu::triggered, this, pushOverlays);
    auto pushCompare = [this] {
        if (syncing_) return;
        CompareOptions c = state_->compare();
        c.paneA = paneA_->value() - 1;
        c.paneB = paneB_->value() - 1;
        c.flicker = flicker_->isChecked();
        c.wipe = wipe_->isChecked();
        c.wipePosition = wipePos_->value() / 1000.0;
        state_->setCompare(c);
    };
    for (auto* s : {paneA_, paneB_}) connect(s, &QSpinBox::valueChanged, this, pushCompare);
    for (auto* b : {flicker_, wipe_}) connect(b, &QToolButton::toggled, this, pushCompare);
    connect(wipePos_, &QSlider::valueChanged, this, pushCompare);

    connect(grid_, &PaneGrid::gridLayoutChanged, this, &DisplayToolBar::syncFromState);
    connect(state_, &ViewState::displayChanged, this, &DisplayToolBar::syncFromState);
    connect(state_, &ViewState::overlaysChanged, this, &DisplayToolBar::syncFromState);
    connect(state_, &ViewState::compareChanged, this, &DisplayToolBar::syncFromState);
    syncFromState();
}

void DisplayToolBar::setAnnotationClasses(const QStringList& classes) {
    const auto hidden = state_->overlays().hiddenClasses;
    classMenu_->clear();
    for (const QString& c : classes) {
        QAction* a = classMenu_->addAction(c);
        a->setCheckable(true);
        a->setChecked(!hidden.contains(c));
        QPixmap swatch(12, 12);
        swatch.fill(annotationClassColour(c));
        a->setIcon(QIcon(swatch));
    }
}

void DisplayToolBar::pushDisplay() {
    if (syncing_) return;
    DisplaySettings d = state_->display();
    d.exposureEv = exposure_->value();
    d.tonemap = Tonemap(tonemap_->currentData().toInt());
    d.gamma = gamma_->value();
    d.autoSignedRange = autoRange_->isChecked();
    d.signedRange = range_->value();
    state_->setDisplay(d);
}

void DisplayToolBar::syncFromState() {
    syncing_ = true;
    const DisplaySettings& d = state_->display();
    exposure_->setValue(d.exposureEv);
    tonemap_->setCurrentIndex(tonemap_->findData(int(d.tonemap)));
    gamma_->setValue(d.gamma);
    gamma_->setEnabled(d.tonemap == Tonemap::Gamma);
    autoRange_->setChecked(d.autoSignedRange);
    range_->setValue(d.signedRange);
    range_->setEnabled(!d.autoSignedRange);
    const OverlayOptions& o = state_->overlays();
    annotations_->setChecked(o.annotations);
    omega_->setChecked(o.omega);
    bands_->setChecked(o.bandContours);
    opacity_->setValue(int(o.opacity * 100));
    const CompareOptions& c = state_->compare();
    paneA_->setValue(c.paneA + 1);
    paneB_->setValue(c.paneB + 1);
    flicker_->setChecked(c.flicker);
    wipe_->setChecked(c.wipe);
    wipePos_->setValue(int(c.wipePosition * 1000));
    layout_->setCurrentIndex(layout_->findData(int(grid_->gridLayout())));
    syncing_ = false;
}

} // namespace ll::ui
