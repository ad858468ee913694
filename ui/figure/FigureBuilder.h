#pragma once
// The one entry point from a figure description to a file, shared by `lightlens-cli figure` and the
// GUI's "Export figure" action:
//   FigureSpec spec = FigureSpec::fromJsonText(text, "fig.json");
//   writeFigureOutput(spec, {benchDir, datasetDir}, "fig.pdf", "fig.json");
// Figures (.pdf .svg .png) and tables of the same numbers (.tex booktabs, .md, .csv) come from the
// same data. Plots need a benchmark output, grids need a dataset.
#include "bench/Table.h"
#include "figure/Figure.h"
#include "figure/FigureSpec.h"
#include "figure/GridFigure.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace ll::figure {

struct FigureSources {
    std::optional<std::filesystem::path> bench;   // folder written by `lightlens-cli bench --out`
    std::optional<std::filesystem::path> dataset; // dataset folder (data-and-cli.md)
};

// Throws ll::Error naming `subject` when the spec needs a source that is not given, and naming the
// files for bad inputs.
std::unique_ptr<Figure> buildFigure(const FigureSpec& spec, const FigureSources& sources, const std::string& subject);
bench::Table buildFigureTable(const FigureSpec& spec, const FigureSources& sources, const std::string& subject);

// The scores of a grid as a table: one row per grid row, one column per score shown under its tiles.
bench::Table gridTable(const GridFigureData& data);

enum class OutputKind { Figure, Table };
// By extension: .pdf .svg .png -> Figure; .tex .md .csv -> Table. Throws ll::Error naming the path.
OutputKind outputKindForPath(const std::filesystem::path& path);

// Builds and writes (atomically) a figure or a table, by the extension of `out`.
void writeFigureOutput(const FigureSpec& spec, const FigureSources& sources, const std::filesystem::path& out,
                       const std::string& subject);

} // namespace ll::figure
