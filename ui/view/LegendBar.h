#pragma once
// LegendBar: the strip under a pane that explains its colours: the colour bar with its range
// (symmetric for signed maps), the palette of label maps, and the formula with its sign convention.
#include "view/DisplaySettings.h"
#include "view/ImageSource.h"

#include <QWidget>

namespace ll::ui {

class LegendBar : public QWidget {
    Q_OBJECT
public:
    explicit LegendBar(QWidget* parent = nullptr);
    void setLegend(SourcePtr source, const DisplaySettings& settings, const QString& formula);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    // Rows of label-map entries at this width (each entry: swatch and name); at least one.
    int categoricalRows(int width) const;
    int wantedHeight(int width) const;
    void relayout();

    SourcePtr source_;
    DisplaySettings settings_;
    QString formula_;
};

} // namespace ll::ui
