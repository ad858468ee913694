#pragma once
// Rows x columns of equal cells for the panels of a plot, filled row by row. A row of four panels at
// two-column width leaves each too narrow for its tick labels and titles; a grid of cells keeps every
// panel at a readable width.
#include <QRectF>

namespace ll::figure {

struct PanelGrid {
    int rows = 1;
    int columns = 1;
};

// The grid for `panels` panels. `columns` > 0 or `rows` > 0 fix it (at most `panels` of either). Else
// the most columns whose cells (`width` shared with `gap` between cells) are at least `minCellWidth`
// wide, at least one; then as few columns as give the same number of rows, so rows are evenly full
// (four panels where three fit: 2 x 2, not 3 + 1).
PanelGrid choosePanelGrid(int panels, int columns, int rows, double width, double gap, double minCellWidth);

// The cell of panel `index` in `area` (row by row), with `colGap` and `rowGap` between cells.
QRectF panelCell(const PanelGrid& grid, int index, const QRectF& area, double colGap, double rowGap);

} // namespace ll::figure
