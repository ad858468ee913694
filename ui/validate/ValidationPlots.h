#pragma once
// The two plots of a validation, as ui/figure plot data (PlotFigure: paper style, exported to
// PDF/SVG/PNG by FigureExport):
//  - agreement: per metric, the share of human decisions that agree with the metric in each quartile
//    of |score difference| and overall, with the bootstrap interval as whiskers, the chance level
//    (0.5) and the leave-one-out human-human agreement as reference lines (A/B studies);
//  - scatter: per metric, the human effect of every item against the metric's oriented score (A/B:
//    score difference), Pearson r with its interval in the panel title; and a last panel with each
//    metric's Pearson r and interval against the noise ceiling sqrt(split-half reliability), the
//    ceiling's range over splits shaded.
#include "figure/PlotFigure.h"
#include "validate/ValidationJob.h"

#include <optional>
#include <string>

namespace ll::ui {

// Null when the study has no agreement rows (ratings) or `group` is unknown.
std::optional<figure::PlotFigureData> agreementPlot(const ValidationRun& run, const std::string& group);
// Null when `group` has no scatter points.
std::optional<figure::PlotFigureData> scatterPlot(const ValidationRun& run, const std::string& group);

} // namespace ll::ui
