#include "figure/FigureBuilder.h"

#include "bench/BenchTables.h"
#include "bench/TableWriters.h"
#include "colour/ColourConfig.h"
#include "dataset/Dataset.h"
#include "figure/BenchResults.h"
#include "figure/FigureExport.h"
#include "figure/GridBuilder.h"
#include "figure/PlotBuilder.h"
#include "util/AtomicFile.h"
#include "util/Error.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace ll::figure {

namespace {

GridFigureData gridData(const FigureSpec& spec, const FigureSources& sources, const std::string& subject) {
    if (!sources.dataset) throw ll::Error(subject, std::string("a ") + figureKindName(spec.kind) + " figure needs a dataset (--dataset DIR)");
    const Dataset ds = scanDataset(*sources.dataset);
    // Imported scores under the tiles come from the benchmark results (read only when asked for).
    bool imported = false;
    for (const auto& [column, names] : spec.scores)
        for (const auto& n : names) imported |= n.rfind("imported.", 0) == 0;
    std::optional<BenchResults> bench;
    if (imported && sources.bench) bench = loadBenchResults(*sources.bench);
    return gridFigureData(spec, ds, ColourConfig::builtin(), subject, {}, bench ? &*bench : nullptr);
}

PlotValues plotValues(const FigureSpec& spec, const FigureSources& sources, const std::string& subject) {
    if (!sources.bench)
        throw ll::Error(subject, std::string("a ") + figureKindName(spec.kind) + " plot needs benchmark results (--bench DIR)");
    return computePlotValues(spec, loadBenchResults(*sources.bench), subject);
}

} // namespace

std::unique_ptr<Figure> buildFigure(const FigureSpec& spec, const FigureSources& sources, const std::string& subject) {
    if (spec.kind == FigureKind::Table) throw ll::Error(subject, "a table is written as .tex, .md or .csv, not drawn");
    if (spec.kind == FigureKind::Grid || spec.kind == FigureKind::Mosaic)
        return std::make_unique<GridFigure>(gridData(spec, sources, subject));
    return std::make_unique<PlotFigure>(plotFigureData(spec, plotValues(spec, sources, subject)));
}

bench::Table gridTable(const GridFigureData& data) {
    bench::Table t;
    t.name = "grid";
    t.caption = "Scores of the edits shown in the figure.";
    t.labelHeaders = {"Row"};
    std::vector<QString> names;
    std::vector<const TileScore*> proto;
    for (const auto& row : data.rows)
        for (const auto& tile : row.tiles)
            for (const auto& s : tile.scores)
                if (std::find(names.begin(), names.end(), s.name) == names.end()) {
                    names.push_back(s.name);
                    proto.push_back(&s);
                }
    for (std::size_t i = 0; i < names.size(); ++i) {
        bench::Column c;
        c.key = names[i].toLower().toStdString();
        c.label = names[i].toStdString();
        c.better = proto[i]->lowerIsBetter ? bench::Better::Lower : bench::Better::Higher;
        c.decimals = proto[i]->decimals;
        t.columns.push_back(c);
    }
    std::map<int, int> groupSizes;
    for (const auto& row : data.rows) ++groupSizes[row.group];
    for (const auto& row : data.rows) {
        bench::TableRow r;
        r.labels = {row.label.toStdString()};
        r.group = row.group;
        // A row alone in its group (e.g. rows by scene) has nothing to be compared with: no bold, as
        // in the figure (markBestScores).
        r.ranked = groupSizes[row.group] > 1;
        for (const auto& name : names) {
            bench::Cell cell;
            for (const auto& tile : row.tiles)
                for (const auto& s : tile.scores)
                    if (s.name == name) cell.value = s.value;
            r.cells.push_back(cell);
        }
        t.rows.push_back(r);
    }
    return t;
}

bench::Table buildFigureTable(const FigureSpec& spec, const FigureSources& sources, const std::string& subject) {
    if (spec.kind == FigureKind::Table) {
        if (!sources.bench) throw ll::Error(subject, "a table needs benchmark results (--bench DIR)");
        const BenchResults results = loadBenchResults(*sources.bench);
        bench::TableOptions options;
        options.bestPercent = spec.best;
        options.uncertainty = spec.table == "uncertainty";
        for (auto& t : bench::buildTables(results.rows, options))
            if (t.name == spec.table) return t;
        throw ll::Error(subject, "table '" + spec.table + "' is not available for these results");
    }
    if (spec.kind == FigureKind::Grid || spec.kind == FigureKind::Mosaic) return gridTable(gridData(spec, sources, subject));
    return plotTable(spec, plotValues(spec, sources, subject));
}

OutputKind outputKindForPath(const std::filesystem::path& path) {
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == ".pdf" || ext == ".svg" || ext == ".png") return OutputKind::Figure;
    if (ext == ".tex" || ext == ".md" || ext == ".csv") return OutputKind::Table;
    throw ll::Error(path.string(), "unknown output format '" + ext + "' (figures: .pdf .svg .png; tables: .tex .md .csv)");
}

void writeFigureOutput(const FigureSpec& spec, const FigureSources& sources, const std::filesystem::path& out,
                       const std::string& subject) {
    if (outputKindForPath(out) == OutputKind::Figure) {
        const auto fig = buildFigure(spec, sources, subject);
        ExportOptions options;
        options.pngDpi = spec.dpi;
        exportFigure(*fig, out, options);
        return;
    }
    const bench::Table table = buildFigureTable(spec, sources, subject);
    std::string ext = out.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const std::string text = ext == ".tex" ? bench::tableToLatex(table) : ext == ".md" ? bench::tableToMarkdown(table) : bench::tableToCsv(table);
    writeFileAtomic(out, text);
}

} // namespace ll::figure
