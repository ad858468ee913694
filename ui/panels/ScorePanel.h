#pragma once
// ScorePanel: the case's scores (SIE, LFE, SIE1, PSNR, SSIM, valid fraction) beside the
// do-nothing baseline of the same scene and task, and the per-class and per-band tables.
#include "inspect/CaseCompute.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace ll::ui {

class ScorePanel : public QWidget {
    Q_OBJECT
public:
    explicit ScorePanel(QWidget* parent = nullptr);
    void setCase(CasePtr c);
    void setBaseline(std::optional<BaselineScores> b);
    void clear(const QString& message);

    // The text shown in a cell of the main table (row: "SIE", "LFE", ...; column 1 = edit, 2 = baseline).
    QString cellText(const QString& rowName, int column) const;

private:
    void refresh();

    CasePtr case_;
    std::optional<BaselineScores> baseline_;
    QLabel* title_;
    QTableWidget* scores_;
    QTableWidget* regions_;
    QTableWidget* bands_;
    QLabel* note_;
};

} // namespace ll::ui
