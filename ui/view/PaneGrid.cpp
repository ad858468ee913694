#include "view/PaneGrid.h"

#include <QEvent>
#include <QGridLayout>

namespace ll::ui {

GridShape gridShape(GridLayout g) {
    switch (g) {
    case GridLayout::Single: return {1, 1};
    case GridLayout::OneByTwo: return {1, 2};
    case GridLayout::TwoByTwo: return {2, 2};
    case GridLayout::TwoByThree: return {2, 3};
    }
    return {1, 1};
}

QString gridLayoutName(GridLayout g) {
    const GridShape s = gridShape(g);
    return QString("%1×%2").arg(s.rows).arg(s.cols);
}

PaneGrid::PaneGrid(ViewState* state, TileCache* tiles, QWidget* parent) : QWidget(parent), state_(state) {
    grid_ = new QGridLayout(this);
    grid_->setContentsMargins(0, 0, 0, 0);
    grid_->setSpacing(2);
    static constexpr std::array<PaneContent, kMaxPanes> defaults = {
        PaneContent::Input, PaneContent::Edit, PaneContent::Target,
        PaneContent::SieMap, PaneContent::LfeMap, PaneContent::Validity};
    for (int i = 0; i < kMaxPanes; ++i) {
        auto* p = new Pane(i, state, tiles, this);
        p->setContent(defaults[std::size_t(i)]);
        p->canvas()->installEventFilter(this);
        connect(p, &Pane::contentChosen, this, [this](int idx, PaneContent c) { setPaneContent(idx, c); });
        panes_[std::size_t(i)] = p;
    }
    connect(state_, &ViewState::compareChanged, this, &PaneGrid::refreshCompare);
    setGridLayout(layout_);
}

int PaneGrid::visiblePanes() const {
    const GridShape s = gridShape(layout_);
    return s.rows * s.cols;
}

void PaneGrid::setGridLayout(GridLayout g) {
    layout_ = g;
    for (auto* p : panes_) grid_->removeWidget(p);
    const GridShape s = gridShape(g);
    for (int i = 0; i < kMaxPanes; ++i) {
        const bool visible = i < s.rows * s.cols;
        panes_[std::size_t(i)]->setVisible(visible);
        if (visible) grid_->addWidget(panes_[std::size_t(i)], i / s.cols, i % s.cols);
    }
    for (int r = 0; r < 2; ++r) grid_->setRowStretch(r, r < s.rows ? 1 : 0);
    for (int c = 0; c < 3; ++c) grid_->setColumnStretch(c, c < s.cols ? 1 : 0);
    if (activePane_ >= visiblePanes()) activePane_ = 0;
    if (state_->fitMode()) fitPending_ = true;
    refreshCompare();
    Q_EMIT gridLayoutChanged(g);
}

void PaneGrid::setCase(SourceProvider provider, OverlaysPtr overlays, QSize size, const QString& placeholder) {
    const bool newSize = size != size_;
    provider_ = std::move(provider);
    overlays_ = std::move(overlays);
    size_ = size;
    placeholder_ = placeholder;
    placeholderProgress_ = -1.0;
    for (int i = 0; i < kMaxPanes; ++i) refreshPane(i);
    refreshCompare();
    if (newSize && !size.isEmpty()) fit();
}

void PaneGrid::setPlaceholder(const QString& placeholder, double progress) {
    placeholder_ = placeholder;
    placeholderProgress_ = progress;
    for (auto* p : panes_) {
        p->canvas()->setPlaceholder(placeholder_);
        p->canvas()->setPlaceholderProgress(placeholderProgress_);
    }
}

void PaneGrid::setPaneContent(int i, PaneContent c) {
    panes_[std::size_t(i)]->setContent(c);
    refreshPane(i);
    refreshCompare();
    Q_EMIT paneContentChanged(i, c);
}

void PaneGrid::cyclePaneContent(int i, int delta) {
    const int n = kPaneContentCount;
    const int cur = int(panes_[std::size_t(i)]->content());
    setPaneContent(i, PaneContent(((cur + delta) % n + n) % n));
}

void PaneGrid::refreshPane(int i) {
    Pane* p = panes_[std::size_t(i)];
    SourcePtr s = provider_ ? provider_(p->content()) : nullptr;
    p->show(s, overlays_, size_, placeholder_);
    p->canvas()->setPlaceholderProgress(placeholderProgress_);
}

void PaneGrid::refreshCompare() {
    const CompareOptions& c = state_->compare();
    const bool active = c.flicker || c.wipe;
    for (int i = 0; i < kMaxPanes; ++i) {
        Pane* p = panes_[std::size_t(i)];
        const bool isA = active && i == c.paneA && c.paneB < visiblePanes();
        p->canvas()->setCompareSource(isA ? panes_[std::size_t(c.paneB)]->canvas()->source() : nullptr);
        p->setCompareRole(!active ? QString() : i == c.paneA ? tr("A") : i == c.paneB ? tr("B") : QString());
    }
}

void PaneGrid::fit() {
    // The first visible pane decides; they all have (nearly) the same size.
    for (auto* p : panes_) p->canvas()->setImageSize(size_);
    panes_[0]->canvas()->fit();
}

void PaneGrid::oneToOne() { panes_[std::size_t(activePane_)]->canvas()->oneToOne(); }

void PaneGrid::zoomBy(double factor) { panes_[std::size_t(activePane_)]->canvas()->zoomBy(factor); }

bool PaneGrid::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Enter || event->type() == QEvent::MouseButtonPress) {
        for (int i = 0; i < kMaxPanes; ++i)
            if (panes_[std::size_t(i)]->canvas() == watched) activePane_ = i;
    }
    if (event->type() == QEvent::Resize && fitPending_ && watched == panes_[0]->canvas()) {
        fitPending_ = false;
        if (state_->fitMode()) panes_[0]->canvas()->fit();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace ll::ui
