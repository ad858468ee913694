#include "view/Pane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace ll::ui {

Pane::Pane(int index, ViewState* state, TileCache* tiles, QWidget* parent)
    : QFrame(parent), index_(index), state_(state) {
    setObjectName("Pane");
    setFrameShape(QFrame::NoFrame);
    auto* header = new QWidget(this);
    header->setObjectName("PaneHeader");
    auto* hl = new QHBoxLayout(header);
    hl->setContentsMargins(6, 3, 6, 3);
    hl->setSpacing(6);
    chooser_ = new QComboBox(header);
    chooser_->setFocusPolicy(Qt::NoFocus);
    for (PaneContent c : allPaneContents()) chooser_->addItem(paneContentName(c), int(c));
    chooser_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    role_ = new QLabel(header);
    role_->setObjectName("PaneRole");
    zoom_ = new QLabel(header);
    zoom_->setObjectName("PaneZoom");
    hl->addWidget(new QLabel(QString::number(index + 1), header));
    hl->addWidget(chooser_);
    hl->addWidget(role_);
    hl->addStretch(1);
    hl->addWidget(zoom_);

    canvas_ = new ImageCanvas(state, tiles, this);
    legend_ = new LegendBar(this);

    auto* vl = new QVBoxLayout(this);
    vl->setContentsMargins(0, 0, 0, 0);
    vl->setSpacing(0);
    vl->addWidget(header);
    vl->addWidget(canvas_, 1);
    vl->addWidget(legend_);

    connect(chooser_, &QComboBox::activated, this, [this](int i) {
        const auto c = PaneContent(chooser_->itemData(i).toInt());
        Q_EMIT contentChosen(index_, c);
    });
    auto updateZoom = [this] {
        const double s = state_->transform().scale;
        zoom_->setText(s >= 1 ? QString("%1:1").arg(s, 0, 'g', 3) : QString("%1%").arg(s * 100, 0, 'f', 0));
    };
    connect(state_, &ViewState::transformChanged, this, updateZoom);
    connect(state_, &ViewState::displayChanged, this, &Pane::refreshLegend);
    connect(state_, &ViewState::overlaysChanged, this, &Pane::refreshLegend);
    updateZoom();
}

void Pane::setContent(PaneContent c) {
    content_ = c;
    chooser_->setCurrentIndex(chooser_->findData(int(c)));
}

void Pane::show(SourcePtr source, OverlaysPtr overlays, QSize caseSize, const QString& placeholder) {
    canvas_->setImageSize(caseSize);
    canvas_->setSource(std::move(source));
    canvas_->setOverlays(std::move(overlays));
    canvas_->setPlaceholder(placeholder);
    refreshLegend();
}

void Pane::setCompareRole(const QString& role) {
    role_->setText(role);
    role_->setVisible(!role.isEmpty());
}

void Pane::refreshLegend() {
    legend_->setLegend(canvas_->source(), state_->display(), paneContentFormula(content_));
    // The key of the overlays only where they are drawn: over an image (not over a placeholder).
    const OverlaysPtr& o = canvas_->overlays();
    legend_->setOverlayEntries(o && canvas_->source() ? overlayLegend(*o, state_->overlays()) : std::vector<OverlayLegendEntry>{});
}

} // namespace ll::ui
