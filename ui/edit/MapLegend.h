#pragma once
// MapLegend: the colour bar of the map on screen with its fixed range, and one line saying what the
// map is; or a swatch and text for overlays (the harmony ring, the change boxes).
#include "view/ColourMaps.h"

#include <QColor>
#include <QWidget>

namespace ll::ui {

class MapLegend : public QWidget {
    Q_OBJECT
public:
    explicit MapLegend(QWidget* parent = nullptr);
    // table null: a swatch of `swatch` instead of a colour bar.
    void setLegend(const ColourTable* table, double lo, double hi, const QString& meaning, QColor swatch = {});
    const QString& meaning() const { return meaning_; }
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent*) override;

private:
    const ColourTable* table_ = nullptr;
    double lo_ = 0, hi_ = 1;
    QString meaning_;
    QColor swatch_;
};

} // namespace ll::ui
