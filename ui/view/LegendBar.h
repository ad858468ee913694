#pragma once
// LegendBar: the strip under a pane that explains its colours: the colour bar with its range
// (symmetric for signed maps), the palette of label maps, and the formula with its sign convention.
#include "view/CaseOverlays.h"
#include "view/DisplaySettings.h"
#include "view/ImageSource.h"

#include <QWidget>

#include <vector>

class QFontMetrics;

namespace ll::ui {

// Where the colour bar and its end labels go in a strip `width` pixels wide: the low label at the
// left in full, the bar (40..220 px) and the high label in full; `highLong` (the high label with its
// unit, e.g. "6.0 EV (log2 luminance)") when it fits, else `high`. Nothing is clipped unless the
// strip is narrower than the two labels and the shortest bar.
struct LegendBarLayout {
    QRect low, bar, high;
    QString highText;
};
LegendBarLayout legendBarLayout(const QFontMetrics& fm, int width, int lineHeight, const QString& low,
                                const QString& high, const QString& highLong);

class LegendBar : public QWidget {
    Q_OBJECT
public:
    explicit LegendBar(QWidget* parent = nullptr);
    void setLegend(SourcePtr source, const DisplaySettings& settings, const QString& formula);
    // The key of the overlays drawn over the pane (CaseOverlays.h overlayLegend), on rows of its own
    // under the colour bar; empty: no overlay row.
    void setOverlayEntries(std::vector<OverlayLegendEntry> entries);
    const std::vector<OverlayLegendEntry>& overlayEntries() const { return overlays_; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override;
    void resizeEvent(QResizeEvent*) override;

private:
    // Rows of label-map entries at this width (each entry: swatch and name); at least one.
    int categoricalRows(int width) const;
    int overlayRows(int width) const;
    // Rows taken by entries (swatch and name) flowing from x across `width`, as paintEvent lays them out.
    int flowRows(int width, int x, const QStringList& names) const;
    int wantedHeight(int width) const;
    void relayout();

    SourcePtr source_;
    DisplaySettings settings_;
    QString formula_;
    std::vector<OverlayLegendEntry> overlays_;
};

} // namespace ll::ui
