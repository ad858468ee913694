#pragma once
// PaneGrid: the grid of panes (1x1, 1x2, 2x2, 2x3) sharing one ViewState, so pan and zoom stay
// locked together. Each pane picks its content; the grid asks a SourceProvider (the current case)
// for the image of that content. It also wires the A/B comparison: pane A receives pane B's source.
#include "view/Pane.h"

#include <QWidget>

#include <array>
#include <functional>

class QGridLayout;

namespace ll::ui {

enum class GridLayout { Single, OneByTwo, TwoByTwo, TwoByThree };

struct GridShape {
    int rows, cols;
};
GridShape gridShape(GridLayout g);
QString gridLayoutName(GridLayout g);

class PaneGrid : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxPanes = 6;
    using SourceProvider = std::function<SourcePtr(PaneContent)>;

    PaneGrid(ViewState* state, TileCache* tiles, QWidget* parent = nullptr);

    void setGridLayout(GridLayout g);
    GridLayout gridLayout() const { return layout_; }
    int visiblePanes() const;
    Pane* pane(int i) const { return panes_[std::size_t(i)]; }
    ViewState* state() const { return state_; }

    // The case now shown: where sources come from, its overlays, its size, and the text shown by
    // panes with nothing to show ("computing…", "missing edit").
    void setCase(SourceProvider provider, OverlaysPtr overlays, QSize size, const QString& placeholder);
    // New text (and progress in [0, 1], negative for none) for the panes with nothing to show yet.
    void setPlaceholder(const QString& placeholder, double progress = -1.0);
    void setPaneContent(int pane, PaneContent c);
    void cyclePaneContent(int pane, int delta);
    // The pane under the mouse most recently (keys that act on "the" pane use it).
    int activePane() const { return activePane_; }

    void fit();
    void oneToOne();
    void zoomBy(double factor);

Q_SIGNALS:
    void paneContentChanged(int pane, ll::ui::PaneContent content);
    void gridLayoutChanged(ll::ui::GridLayout layout);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refreshPane(int i);
    void refreshCompare();

    ViewState* state_;
    QGridLayout* grid_;
    std::array<Pane*, kMaxPanes> panes_{};
    GridLayout layout_ = GridLayout::TwoByThree;
    SourceProvider provider_;
    OverlaysPtr overlays_;
    QSize size_;
    QString placeholder_;
    double placeholderProgress_ = -1.0;
    int activePane_ = 0;
    bool fitPending_ = true;
};

} // namespace ll::ui
