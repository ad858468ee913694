#include "browser/GroupRanking.h"

#include "bench/BenchTables.h"
#include "bench/ScoreRow.h"

#include <QObject>

#include <algorithm>
#include <map>
#include <set>

namespace ll::ui {

namespace {

// The benchmark's view of a browser row: the failure kinds of per_image.csv.
bench::ScoreRow scoreRow(const BrowserRow& r, const std::string& key, const QString& value) {
    bench::ScoreRow s;
    s.scene = r.scene.toStdString();
    s.model = r.model.toStdString();
    s.task = r.task;
    if (!value.isEmpty()) s.meta[key] = value.toStdString();
    switch (r.state) {
    case BrowserRow::State::Done:
        s.sie = r.sie;
        s.lfe = r.lfe;
        break;
    case BrowserRow::State::Missing: s.failure = bench::Failure::MissingEdit; break;
    case BrowserRow::State::Failed:
        s.failure = r.fault == BrowserRow::Fault::Scene        ? bench::Failure::BadScene
                    : r.fault == BrowserRow::Fault::Degenerate ? bench::Failure::DegenerateEdit
                                                               : bench::Failure::BadEdit;
        break;
    case BrowserRow::State::Pending: break; // not passed in
    }
    return s;
}

} // namespace

std::vector<GroupRanking> groupRankings(const std::vector<const BrowserRow*>& rows, const QStringList& keys,
                                        int keyIndex, double bestPercent) {
    if (keyIndex < 0 || keyIndex >= keys.size()) return {};
    const std::string key = keys[keyIndex].toStdString();
    struct Group {
        std::vector<bench::ScoreRow> rows;
        std::set<QString> scenes;
        int pending = 0;
    };
    std::map<QString, Group> groups; // value -> group; "" (not given) sorts first and is moved last
    for (const BrowserRow* r : rows) {
        const QString value = keyIndex < r->meta.size() ? r->meta[keyIndex] : QString();
        Group& g = groups[value];
        g.scenes.insert(r->scene);
        if (r->state == BrowserRow::State::Pending) ++g.pending;
        else g.rows.push_back(scoreRow(*r, key, value));
    }
    bench::TableOptions options;
    options.bestPercent = bestPercent;
    std::vector<GroupRanking> out;
    for (auto& [value, g] : groups) {
        GroupRanking gr;
        gr.value = value;
        gr.scenes = int(g.scenes.size());
        gr.pending = g.pending;
        if (!g.rows.empty()) {
            const bench::Table t = bench::groupedMainTable(g.rows, key, options);
            std::size_t rankCol = t.columns.size();
            for (std::size_t c = 0; c < t.columns.size(); ++c)
                if (t.columns[c].key == "avg_rank") rankCol = c;
            for (const auto& row : t.rows) {
                if (!row.ranked || rankCol == t.columns.size() || row.labels.size() < 2) continue;
                const auto& v = row.cells[rankCol].value;
                gr.ranking.push_back({QString::fromStdString(row.labels[1]), v ? *v : 0.0});
            }
        }
        out.push_back(std::move(gr));
    }
    if (!out.empty() && out.front().value.isEmpty()) std::rotate(out.begin(), out.begin() + 1, out.end());
    return out;
}

QString groupRankingText(const std::vector<GroupRanking>& groups, const QString& key) {
    QStringList lines;
    for (const GroupRanking& g : groups) {
        QStringList ranked;
        for (const auto& e : g.ranking) ranked << QStringLiteral("%1 %2").arg(e.averageRank, 0, 'f', 1).arg(e.model);
        QString line = QStringLiteral("%1 (%2 %3)").arg(g.value.isEmpty() ? QStringLiteral("%1 not given").arg(key) : g.value)
                           .arg(g.scenes)
                           .arg(g.scenes == 1 ? QObject::tr("scene") : QObject::tr("scenes"));
        line += ranked.isEmpty() ? QObject::tr(": no scores yet") : QStringLiteral(": ") + ranked.join(QStringLiteral(" · "));
        if (g.pending) line += QObject::tr(" (%1 scoring)").arg(g.pending);
        lines << line;
    }
    return lines.join('\n');
}

} // namespace ll::ui
