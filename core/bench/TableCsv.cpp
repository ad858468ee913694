#include "util/Csv.h"
#include "bench/NumberFormat.h"
#include "bench/TableWriters.h"

namespace ll::bench {

std::string tableToCsv(const Table& t) {
    std::vector<std::string> header = t.labelHeaders;
    for (auto& h : header)
        for (auto& ch : h) ch = (ch >= 'A' && ch <= 'Z') ? char(ch - 'A' + 'a') : (ch == ' ' ? '_' : ch);
    for (const auto& c : t.columns) {
        header.push_back(c.key);
        if (c.hasPlusMinus) header.push_back(c.key + ".sd");
        if (c.hasInterval) {
            header.push_back(c.key + ".low");
            header.push_back(c.key + ".high");
        }
    }
    std::string out = csvLine(header);
    for (const auto& row : t.rows) {
        std::vector<std::string> f;
        for (std::size_t i = 0; i < t.labelHeaders.size(); ++i) f.push_back(i < row.labels.size() ? row.labels[i] : "");
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            const Column& col = t.columns[c];
            const Cell cell = c < row.cells.size() ? row.cells[c] : Cell{};
            // Data, not display: fractions stay fractions, with three more decimals than shown.
            const int decimals = col.format == CellFormat::Integer ? 0
                                 : col.format == CellFormat::Percent || col.format == CellFormat::Share
                                     ? col.decimals + 5
                                     : col.decimals + 3;
            f.push_back(formatFixed(cell.value, decimals));
            if (col.hasPlusMinus) f.push_back(cell.plusMinus ? formatScientific(*cell.plusMinus, 6) : "");
            if (col.hasInterval) {
                f.push_back(formatFixed(cell.low, decimals));
                f.push_back(formatFixed(cell.high, decimals));
            }
        }
        out += csvLine(f);
    }
    return out;
}

} // namespace ll::bench
