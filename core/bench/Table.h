#pragma once
// A results table as data: label columns (model, task ...), numeric columns grouped under spanning
// headers, optional "plus/minus" values. Writers (TableWriters.h) turn one Table into Markdown, CSV and
// LaTeX; the best value of each column is bold and the runner-up underlined.
#include <optional>
#include <string>
#include <vector>

namespace ll::bench {

enum class Better { None, Lower, Higher };
enum class CellFormat {
    Fixed,   // fixed decimals: 0.813
    Percent, // a fraction shown as a signed percentage: +12.5%
    Integer, // 425
    Delta,   // a signed change with fixed decimals: +0.000, -0.012 (white-balance deltas, paper Table 6)
    Share,   // a fraction shown as an unsigned percentage: 65.7% (paper Table 2)
};

struct Column {
    std::string key;    // machine name, the CSV header: "on.sie"
    std::string group;  // spanning header ("Turning light on"); "" for none
    std::string label;  // "SIE"
    Better better = Better::None;
    int decimals = 3;
    CellFormat format = CellFormat::Fixed;
    bool hasPlusMinus = false; // cells carry a +/- value (written in scientific notation)
    bool hasInterval = false;  // cells carry a confidence interval [low, high] in the column's format
};

// A column with the given key, headers, direction, decimals and format.
Column makeColumn(std::string key, std::string group, std::string label, Better better = Better::None,
                  int decimals = 3, CellFormat format = CellFormat::Fixed);

struct Cell {
    std::optional<double> value{};
    std::optional<double> plusMinus{};
    std::optional<double> low{}, high{}; // the interval of a column with hasInterval
};

struct TableRow {
    std::vector<std::string> labels; // one per label column
    std::vector<Cell> cells;         // one per column
    bool ranked = true;              // takes part in bold/underline (the do-nothing baseline does not)
    int group = 0;                   // bold/underline are decided within rows of the same group
};

struct Table {
    std::string name;    // file stem: "main" -> main.md, main.csv, main.tex
    std::string caption; // one paragraph
    std::vector<std::string> labelHeaders; // e.g. {"Model"} or {"Task", "Model"}
    std::vector<Column> columns;
    std::vector<TableRow> rows;
    std::vector<std::string> notes; // shown under the table (Markdown) or as comments (LaTeX)
};

enum class Emphasis { None, Best, RunnerUp };

// Per row and column: Best for every ranked row of the group holding the best value as displayed
// (after rounding to the column's decimals), RunnerUp for the second-best displayed value. Columns
// with Better::None get no emphasis.
std::vector<std::vector<Emphasis>> emphasis(const Table& table);

// The displayed text of a value ("n/a" when undefined).
std::string displayValue(const Column& column, const std::optional<double>& value);
// The displayed interval of a cell, "[58.1, 72.6]" in the column's format without its unit ("" when
// the column has no interval, "[n/a]" when the cell has none).
std::string displayInterval(const Column& column, const Cell& cell);

} // namespace ll::bench
