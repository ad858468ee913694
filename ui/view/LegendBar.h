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

protected:
    void paintEvent(QPaintEvent*) override;

private:
    SourcePtr source_;
    DisplaySettings settings_;
    QString formula_;
};

} // namespace ll::ui
