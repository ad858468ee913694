#pragma once
// Checks shared by the figure tests: a figure's text boxes inside the page, not overlapping and not
// below a size; the one-line error a figure description gives.
#include "figure/Figure.h"
#include "figure/FigureSpec.h"
#include "figure/TextBoxes.h"
#include "util/Error.h"

#include <QRectF>
#include <QString>

#include <string>

namespace ll::test {

// Empty when every text box of `fig` lies on the page, no two overlap (by more than 0.05 pt, an
// antialiasing-level contact) and none is smaller than `minPoints`; else what is wrong, naming the text.
inline QString textProblems(const figure::Figure& fig, double minPoints = 0.0) {
    const auto boxes = figure::figureTextBoxes(fig);
    if (boxes.empty()) return QStringLiteral("no text recorded");
    const QRectF page(QPointF(0, 0), fig.sizePt());
    const double eps = 0.05;
    for (const auto& b : boxes)
        if (!page.adjusted(-eps, -eps, eps, eps).contains(b.rect))
            return QStringLiteral("'%1' at (%2, %3, %4 x %5) leaves the page %6 x %7")
                .arg(b.text).arg(b.rect.x()).arg(b.rect.y()).arg(b.rect.width()).arg(b.rect.height())
                .arg(page.width()).arg(page.height());
    for (std::size_t i = 0; i < boxes.size(); ++i)
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
            const QRectF o = boxes[i].rect.intersected(boxes[j].rect);
            if (o.width() > eps && o.height() > eps)
                return QStringLiteral("'%1' overlaps '%2'").arg(boxes[i].text, boxes[j].text);
        }
    for (const auto& b : boxes)
        if (b.points < minPoints - 1e-6) return QStringLiteral("'%1' at %2 pt").arg(b.text).arg(b.points);
    return {};
}

// The one-line message of the error a description gives ("" when it is accepted).
inline std::string specError(const std::string& text) {
    try {
        figure::FigureSpec::fromJsonText(text, "fig.json");
    } catch (const ll::Error& e) {
        return e.what();
    }
    return "";
}

} // namespace ll::test
