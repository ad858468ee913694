#pragma once
// FigureSpec: the description of a figure, saved as JSON (docs/figures.md has the schema). The GUI
// saves what is on screen with toJson(); `lightlens-cli figure SPEC.json` rebuilds the same figure
// from it with a benchmark output and/or a dataset (FigureBuilder.h).
//
// Every key is optional except "kind"; unknown keys and wrong types are errors (a typo never silently
// gives a different figure). toJson() writes every key of the kind, so a saved spec is complete.
#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ll::figure {

enum class FigureKind { Grid, Bands, Classes, Percentiles, Histogram, Table, Mosaic };
const char* figureKindName(FigureKind kind);

// Column kinds of a grid: "input", "edit", "real", "real_on", "real_off", "ratio_real", "ratio_edit",
// "sie_map", "lfe_map", "mask", "diff_real", "diff_edit", "band_map", "annotations".
const std::vector<std::string>& gridColumnKinds();

// Images an "annotations" column can draw its polygons over.
const std::vector<std::string>& annotationImageKinds();

// A highlight box around one tile of a grid (paper Fig. 8). The row is an index (0-based) or the name
// of the row's model or scene; the column an index or a column kind.
struct HighlightSpec {
    int row = -1;            // -1: by rowName
    std::string rowName;
    int column = -1;         // -1: by columnName
    std::string columnName;
    std::string colour;      // "#rrggbb"; "" = Okabe-Ito orange
    bool operator==(const HighlightSpec&) const = default;
};

struct InsetSpec {
    std::array<double, 4> rect{0, 0, 0.25, 0.25}; // x, y, width, height as fractions of the image
    std::string colour;                            // "#rrggbb"; "" = palette
    bool operator==(const InsetSpec&) const = default;
};

struct GridRowSpec {
    std::string scene, model, task = "on", label; // label "" = model (rows by model) or scene name
    bool operator==(const GridRowSpec&) const = default;
};

// "y_scale": "auto" switches a panel to a log axis when its largest positive value is more than
// 10^kLogAutoDecades times its smallest: on a linear axis the small values would be flat on the base.
inline constexpr double kLogAutoDecades = 3.0;

// "tile_dpi": "native" (the source pixels of each tile), stored as this value.
inline constexpr double kTileDpiNative = -1.0;

struct FigureSpec {
    FigureKind kind = FigureKind::Grid;
    std::string title;
    std::string width = "two-column";   // Length.h; grid height follows from the content
    std::string height;                 // plots; "" = 0.32 x width (at least 4 cm)
    double dpi = 300.0;                 // embedded tiles (grid) and PNG output
    double fontSize = 7.0;              // tick labels, scores, legend; titles are 1 pt larger
    std::vector<std::string> tasks{"on"};
    std::vector<std::string> models;    // selection and order; empty = all, do_nothing last
    std::map<std::string, std::string> labels; // display names of models, scenes, classes, bands
    std::map<std::string, std::string> modelColours; // "#rrggbb" per model (plots), overriding the palette

    // --- grid ---------------------------------------------------------------------------------
    std::string rows = "models";        // "models" (one scene), "scenes" (one model) or "list"
    std::string scene;                  // rows = models: the scene ("" = the first)
    std::vector<std::string> scenes;    // rows = scenes: the scenes ("" = the first four)
    std::string model;                  // rows = scenes: the model ("" = the first)
    std::vector<GridRowSpec> rowList;   // rows = list (JSON: "rows": [ {...}, ... ])
    std::vector<std::string> columns{"input", "edit", "real", "sie_map", "lfe_map"};
    std::map<std::string, std::string> columnTitles;
    std::map<std::string, std::vector<std::string>> scores; // column -> score names under its tiles
    bool scoresSet = false;             // false: the default (sie under sie_map, lfe under lfe_map ...)
    std::vector<InsetSpec> insets;
    std::string insetPlacement = "beside"; // "beside" or "inside"
    std::string insetCorner = "bottom-right";
    double insetSize = 0.45;
    std::vector<std::string> insetColumns; // empty = all columns
    std::map<std::string, double> colourRanges; // "sie_map"/"lfe_map" -> symmetric extent r
    double rangePercentile = 99.0;      // r = this percentile of |value| over the column's valid pixels
    double exposure = 0.0;              // stops added to the scene's k for the real image
    bool repeatSceneTiles = true;       // rows = models: input/real/E_R in every row (false: first only)
    std::vector<double> bandEdges;      // empty = the metric default (100,16,6,3,2,1,0)
    std::string tileFormat = "png";     // PDF/SVG tiles: "png" (lossless) or "jpeg" (photo columns only)
    int jpegQuality = 90;               // 1..100, with tile_format "jpeg"
    double tileDpi = 0.0;               // PDF/SVG tiles: 0 = dpi; N (at least dpi, at most 2400); kTileDpiNative
    std::string differenceTone = "exposure"; // diff columns: "exposure" (|difference| tone-mapped) or "signed"
    double annotationOpacity = 0.5;     // annotations column: opacity of the class colours
    std::string annotationImage = "input"; // annotations column: the image under the polygons
    std::vector<HighlightSpec> highlights;
    std::string orientation = "rows";   // "columns": models as columns, scenes (x column kinds) as rows

    // --- mosaic (scenes x models of one image kind) ----------------------------------------------
    std::string image = "edit";         // the column kind shown in every cell

    // --- plots --------------------------------------------------------------------------------
    std::vector<std::string> metrics{"sie", "lfe"};
    std::vector<std::string> classes;   // classes plot: selection and order; empty = all scored
    std::vector<std::string> bands;     // bands plot: selection and order; empty = all, brightest first
    double best = 80.0;                 // bands/classes/histogram/table: average of the best x% per model
                                        // (80: the benchmark's default, so plots match its tables)
    std::array<double, 3> percentileRange{10, 100, 10}; // from, to, step
    std::string values = "relative";    // classes plot: "relative" (v / best - 1) or "absolute" scores
    int bins = 20;
    bool density = false;               // histogram: fraction of images instead of counts
    std::optional<std::array<double, 2>> yRange;
    bool yLog = false;                  // logarithmic y axis (the same as yScale "log")
    std::string yScale = "auto";        // "auto": log for a panel whose positive values span more than
                                        // three decades (kLogAutoDecades), else linear; "linear"; "log"
    bool baseline = true;               // include the do_nothing model if present
    int layoutColumns = 0;              // panels per row (JSON "layout": {"columns": N}); 0 = automatic
    int layoutRows = 0;                 // or rows of panels ("layout": {"rows": N})

    // --- table (the benchmark's own tables, core/bench/BenchTables.h) --------------------------
    std::string table = "main";         // main, percentiles, bands, classes, classes_relative, regime, classic, sie1

    nlohmann::ordered_json toJson() const;
    std::string toJsonText() const; // pretty, two-space indent, trailing newline
    bool operator==(const FigureSpec&) const = default;
    // Throws ll::Error naming `subject` on malformed JSON or a bad value.
    static FigureSpec fromJson(const nlohmann::json& j, const std::string& subject);
    static FigureSpec fromJsonText(const std::string& text, const std::string& subject);

    // Whether a panel of this figure with these values gets a logarithmic y axis (yLog, yScale).
    bool logAxis(const std::vector<double>& values) const;

    double widthPt() const;  // Length.h; rounded to whole points
    double heightPt() const; // plots
};

} // namespace ll::figure
