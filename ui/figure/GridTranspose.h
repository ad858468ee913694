#pragma once
// Models as columns (`"orientation": "columns"` and the mosaic, paper Fig. 8 and 15): a grid built row
// per (scene, model), group-major, is regrouped so that every model is a column and every scene (and
// column kind) a row. Tiles, scores and their bold / underline marks move with their tile; colour bars
// and category keys, which sit under columns, are given one column each from the left (a bar's label
// names the column kind it belongs to), so a figure with more bars and keys than models is an error.
#include "figure/GridFigure.h"

#include <string>
#include <vector>

namespace ll::figure {

// `data` holds groupLabels.size() x modelLabels.size() rows (group-major). Row labels: the group's
// label, the column kind's title, or both when there are several of each. Throws ll::Error naming
// `subject` when the bars and keys need more columns than there are models.
GridFigureData modelsAsColumns(const GridFigureData& data, const std::vector<QString>& modelLabels,
                               const std::vector<QString>& groupLabels, const std::string& subject);

} // namespace ll::figure
