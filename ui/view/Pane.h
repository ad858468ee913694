#pragma once
// Pane: one cell of the view grid: a header (content chooser, pixel size and zoom), the
// ImageCanvas, and the LegendBar.
#include "view/ImageCanvas.h"
#include "view/LegendBar.h"
#include "view/PaneContent.h"

#include <QFrame>

class QComboBox;
class QLabel;

namespace ll::ui {

class Pane : public QFrame {
    Q_OBJECT
public:
    Pane(int index, ViewState* state, TileCache* tiles, QWidget* parent = nullptr);

    int index() const { return index_; }
    PaneContent content() const { return content_; }
    void setContent(PaneContent c);
    // Shows `source` (null: `placeholder`), with the case's overlays.
    void show(SourcePtr source, OverlaysPtr overlays, QSize caseSize, const QString& placeholder);
    ImageCanvas* canvas() const { return canvas_; }
    LegendBar* legend() const { return legend_; }
    // Marks the pane as A or B of the comparison ("" for neither).
    void setCompareRole(const QString& role);

Q_SIGNALS:
    void contentChosen(int index, ll::ui::PaneContent content);

private:
    void refreshLegend();

    int index_;
    PaneContent content_ = PaneContent::Input;
    ViewState* state_;
    QComboBox* chooser_;
    QLabel* role_;
    QLabel* zoom_;
    ImageCanvas* canvas_;
    LegendBar* legend_;
};

} // namespace ll::ui
