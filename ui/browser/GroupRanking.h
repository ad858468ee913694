#pragma once
// GroupRanking: the browser's "Group by" summary. The browser's rows become the benchmark's score rows
// (a missing edit, an unreadable edit and a degenerate edit count as failures, a scene whose real pair
// cannot be used is left out) and each group of rows sharing a scene metadata value is ranked by the
// benchmark's own main table (bench::groupedMainTable: best x% per model and task, ranks on the
// printed values, ties sharing the best rank), so the browser and `bench --group-by KEY` agree.
#include "browser/BrowserRow.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace ll::ui {

struct GroupRanking {
    QString value;  // the metadata value; "" for scenes without the key
    int scenes = 0; // scenes of the group among the given rows
    int pending = 0; // rows still being scored (left out of the ranking until they arrive)
    struct Entry {
        QString model;
        double averageRank = 0; // as the main table prints it (one decimal)
    };
    std::vector<Entry> ranking; // best first
};

// Rows are grouped by meta[keyIndex] (values aligned with `keys`). Pending rows are left out.
std::vector<GroupRanking> groupRankings(const std::vector<const BrowserRow*>& rows, const QStringList& keys,
                                        int keyIndex, double bestPercent = 80.0);

// One line per group: "natural (3 scenes): 1.0 model_a · 2.5 model_b".
QString groupRankingText(const std::vector<GroupRanking>& groups, const QString& key);

} // namespace ll::ui
