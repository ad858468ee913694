#include "annotate/AreaStatsTable.h"

#include "annotate/AnnotationEditor.h"

#include <QHeaderView>

namespace ll::ui {

AreaStatsTable::AreaStatsTable(QWidget* parent) : QTableWidget(0, 4, parent) {
    setHorizontalHeaderLabels({tr("Class"), tr("Shapes"), tr("Pixels"), tr("Image")});
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
    setFocusPolicy(Qt::NoFocus);
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 4; ++c) horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    setShowGrid(false);
}

void AreaStatsTable::setAreas(const std::vector<ClassArea>& areas) {
    setRowCount(0);
    for (const auto& a : areas) {
        const int r = rowCount();
        insertRow(r);
        const QString name = QString::fromStdString(a.className);
        auto* n = new QTableWidgetItem(name);
        n->setForeground(AnnotationEditor::classColour(name));
        setItem(r, 0, n);
        auto num = [](const QString& t) {
            auto* it = new QTableWidgetItem(t);
            it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            return it;
        };
        setItem(r, 1, num(QString::number(a.shapes)));
        setItem(r, 2, num(QString::number(a.pixels)));
        setItem(r, 3, num(QString::number(a.fraction * 100.0, 'f', 2) + " %"));
    }
}

long long AreaStatsTable::pixelsShown(const QString& className) const {
    for (int r = 0; r < rowCount(); ++r)
        if (item(r, 0)->text() == className) return item(r, 2)->text().toLongLong();
    return -1;
}

} // namespace ll::ui
