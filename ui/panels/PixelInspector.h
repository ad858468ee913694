#pragma once
// PixelInspector: every quantity of the case at the pixel under the cursor: I_on, I_off, the edit,
// E_R, E_G, their standardised values, the SIE and LFE maps (per channel and mean), the exclusion
// reason, the intensity band and the annotation classes covering the pixel.
#include "inspect/CaseData.h"

#include <QPoint>
#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace ll::ui {

class PixelInspector : public QWidget {
    Q_OBJECT
public:
    explicit PixelInspector(QWidget* parent = nullptr);
    void setCase(CasePtr c);
    // (-1, -1): no pixel.
    void setPixel(QPoint p);
    // The value text of a row ("I_on", "SIE map", "Mask", ...), for tests.
    QString valueText(const QString& quantity) const;

private:
    void refresh();
    CasePtr case_;
    QPoint pixel_{-1, -1};
    QTreeWidget* tree_;
};

} // namespace ll::ui
