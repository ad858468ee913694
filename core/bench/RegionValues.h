#pragma once
// The per-image values behind one cell of the class and band tables (spec "Dataset aggregation";
// paper Figs. 4, 5, 10, 11): the same rule as the main table, so no model improves a region score by
// failing. A failed edit (missing, unreadable, degenerate) and an edit whose whole-image score is
// undefined count as worst (nullopt) in the region's best-x% selection; an image where the region
// simply has too few valid pixels (its value is null) or is not annotated is left out and counted.
#include "bench/ScoreRow.h"

#include <optional>
#include <string>
#include <vector>

namespace ll::bench {

struct RegionValues {
    std::vector<std::optional<double>> values; // one per image taking part; nullopt = worst
    std::size_t failed = 0;  // images counted as worst
    std::size_t leftOut = 0; // images left out (region absent or below the minimum pixel count)
};

// `rows`: one model and task (bad_scene rows already left out). `band`: intensity band (else class).
RegionValues regionValues(const std::vector<const ScoreRow*>& rows, bool band, const std::string& key, bool lfe);

} // namespace ll::bench
