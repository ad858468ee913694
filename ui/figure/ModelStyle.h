#pragma once
// The colour and marker of a model in plots, the same in every figure of a dataset: they follow the
// model's place in the full, sorted list of the dataset's models (the benchmark's models without the
// do-nothing baseline), never its place among the series a figure happens to show, so leaving a model
// out of one figure does not recolour the others. Without such a list, a stable hash of the name.
#include <QColor>

#include <map>
#include <string>
#include <vector>

namespace ll::figure {

struct ModelStyle {
    QColor colour;
    int marker = 0;   // shape for drawMarker (PlotFigure.h)
    bool dashed = false;
};

// `allModels`: every model of the dataset (any order; sorted here). `overrides`: "#rrggbb" per model
// (FigureSpec model_colours, used as given). Palette colours have at least 3:1 contrast against white
// (Contrast.h). The do-nothing baseline is grey and dashed with square markers.
ModelStyle modelStyle(const std::string& model, const std::vector<std::string>& allModels,
                      const std::map<std::string, std::string>& overrides = {});

// The style index of a model: its position in the sorted list without the baseline, or (when it is not
// in the list) a hash of its name (FNV-1a, the same in every process).
int modelStyleIndex(const std::string& model, const std::vector<std::string>& allModels);

} // namespace ll::figure
