#include "figure/PanelGrid.h"

#include <algorithm>

namespace ll::figure {

namespace {

int ceilDiv(int a, int b) { return (a + b - 1) / b; }

} // namespace

PanelGrid choosePanelGrid(int panels, int columns, int rows, double width, double gap, double minCellWidth) {
    const int n = std::max(1, panels);
    PanelGrid g;
    if (columns > 0) {
        g.columns = std::min(columns, n);
    } else if (rows > 0) {
        g.columns = ceilDiv(n, std::min(rows, n));
    } else {
        g.columns = 1;
        for (int c = n; c >= 1; --c)
            if ((width - (c - 1) * gap) / c >= minCellWidth) {
                g.columns = c;
                break;
            }
        g.columns = ceilDiv(n, ceilDiv(n, g.columns));
    }
    g.rows = ceilDiv(n, g.columns);
    return g;
}

QRectF panelCell(const PanelGrid& grid, int index, const QRectF& area, double colGap, double rowGap) {
    const int c = index % grid.columns, r = index / grid.columns;
    const double w = (area.width() - (grid.columns - 1) * colGap) / grid.columns;
    const double h = (area.height() - (grid.rows - 1) * rowGap) / grid.rows;
    return QRectF(area.left() + c * (w + colGap), area.top() + r * (h + rowGap), w, h);
}

} // namespace ll::figure
