#include "figure/GridTranspose.h"

#include "util/Error.h"

namespace ll::figure {

GridFigureData modelsAsColumns(const GridFigureData& data, const std::vector<QString>& modelLabels,
                               const std::vector<QString>& groupLabels, const std::string& subject) {
    const int nm = int(modelLabels.size()), ng = int(groupLabels.size()), nk = int(data.columns.size());
    if (nm == 0 || ng == 0 || int(data.rows.size()) != nm * ng)
        throw ll::Error(subject, "models as columns: the grid has " + std::to_string(data.rows.size()) + " rows for " +
                                     std::to_string(ng) + " scenes of " + std::to_string(nm) + " models");
    GridFigureData out = data;
    out.columns.clear();
    out.rows.clear();
    out.highlights.clear();
    out.insetColumns.clear();
    for (const auto& m : modelLabels) out.columns.push_back({m, -1, -1});

    // Bars and keys under the columns from the left, in the order of the original columns.
    int slot = 0;
    std::vector<bool> barPlaced(data.colourBars.size(), false), keyPlaced(data.categoryKeys.size(), false);
    for (const auto& col : data.columns) {
        if (col.colourBar >= 0 && !barPlaced[std::size_t(col.colourBar)]) {
            barPlaced[std::size_t(col.colourBar)] = true;
            if (slot < nm) out.columns[std::size_t(slot)].colourBar = col.colourBar;
            ColourBar& bar = out.colourBars[std::size_t(col.colourBar)];
            if (!col.title.isEmpty()) bar.label = col.title + QStringLiteral(": ") + bar.label;
            ++slot;
        }
        if (col.categoryKey >= 0 && !keyPlaced[std::size_t(col.categoryKey)]) {
            keyPlaced[std::size_t(col.categoryKey)] = true;
            if (slot < nm) out.columns[std::size_t(slot)].categoryKey = col.categoryKey;
            ++slot;
        }
    }
    if (slot > nm)
        throw ll::Error(subject, "\"orientation\": \"columns\": " + std::to_string(slot) +
                                     " colour bars and keys need at least as many columns, but there are " + std::to_string(nm) +
                                     " models; show fewer map columns or more models");

    for (int g = 0; g < ng; ++g)
        for (int k = 0; k < nk; ++k) {
            GridRow row;
            const QString& kind = data.columns[std::size_t(k)].title;
            if (nk == 1) row.label = groupLabels[std::size_t(g)];
            else if (ng == 1) row.label = kind;
            else row.label = groupLabels[std::size_t(g)] + QStringLiteral(", ") + kind;
            row.group = int(out.rows.size());
            for (int m = 0; m < nm; ++m) row.tiles.push_back(data.rows[std::size_t(g * nm + m)].tiles[std::size_t(k)]);
            out.rows.push_back(std::move(row));
        }
    for (const auto& h : data.highlights) {
        if (h.row < 0 || h.row >= nm * ng || h.column < 0 || h.column >= nk) continue;
        out.highlights.push_back({(h.row / nm) * nk + h.column, h.row % nm, h.colour});
    }
    return out;
}

} // namespace ll::figure
