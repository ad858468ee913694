#pragma once
// The plots of benchmark results (3DLP Fig. 4 and 5 and more), from per_image.csv rows:
//  - bands:       SIE / LFE per intensity band per model (lines with markers), one panel per task x metric;
//  - classes:     per-class score relative to the best model, v / best - 1 in percent (grouped bars);
//  - percentiles: mean of the best x% of images per model, x from 10 to 100 (lines with markers);
//  - histogram:   per-image scores per model (step histograms over shared bins; every image with a
//                 defined score, `best` does not apply).
// Per model, a band or class value is the mean of the best `spec.best` % of the images where that
// region was scored (100: plain mean); images without the region (or with fewer pixels than the
// metric's minimum) do not count. Percentile curves follow the benchmark's aggregation: failed and
// undefined images count as worst.
//
// The same numbers are available as a table (LaTeX booktabs, Markdown or CSV through the bench table
// writers), so a figure and its table never disagree.
#include "bench/Table.h"
#include "figure/BenchResults.h"
#include "figure/FigureSpec.h"
#include "figure/PlotFigure.h"

#include <optional>
#include <string>
#include <vector>

namespace ll::figure {

struct PlotPanelValues {
    std::string task, metric;
    bool higherBetter = false;            // the metric's direction, as the result files declare it
    QString title;
    QString xLabel, yLabel, ySuffix;
    std::vector<std::string> xKeys;       // band keys, class names, percent values, bin ranges
    std::vector<QString> xLabels;         // categorical labels (empty: numeric x)
    std::vector<double> xValues;          // numeric x (percentiles, histogram edges: n+1 values)
    std::vector<std::string> models;
    std::vector<std::vector<std::optional<double>>> values; // [model][x]
    std::vector<std::size_t> images;      // per model: images that entered (for the table notes)
};

struct PlotValues {
    FigureKind kind = FigureKind::Bands;
    std::vector<PlotPanelValues> panels;
    std::vector<std::string> allModels;   // every model of the results: fixes each model's colour (ModelStyle.h)
};

// Throws ll::Error naming `subject` when the spec asks for models, classes or bands that are not there.
PlotValues computePlotValues(const FigureSpec& spec, const BenchResults& results, const std::string& subject);
PlotFigureData plotFigureData(const FigureSpec& spec, const PlotValues& values);
bench::Table plotTable(const FigureSpec& spec, const PlotValues& values);

// Display name of a model ("do_nothing" -> "do nothing"), class ("probe_shadow" -> "probe shadow") or
// band key ("16-100" -> "16–100%"), unless spec.labels names it.
QString displayName(const FigureSpec& spec, const std::string& key);

} // namespace ll::figure
