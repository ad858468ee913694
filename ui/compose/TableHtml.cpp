#include "compose/TableHtml.h"

namespace ll::ui {

namespace {
QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
} // namespace

QString tableToHtml(const bench::Table& t) {
    const auto emph = bench::emphasis(t);
    QString h;
    if (!t.caption.empty()) h += "<p>" + esc(t.caption) + "</p>";
    h += "<table cellspacing='0' cellpadding='4' style='border-collapse: collapse;'>";
    const QString rule = QStringLiteral("border-bottom: 1px solid #888;");
    // Spanning group headers, when any column has one.
    bool groups = false;
    for (const auto& c : t.columns) groups |= !c.group.empty();
    if (groups) {
        h += "<tr>";
        for (std::size_t i = 0; i < t.labelHeaders.size(); ++i) h += "<th></th>";
        for (std::size_t c = 0; c < t.columns.size();) {
            std::size_t span = 1;
            while (c + span < t.columns.size() && t.columns[c + span].group == t.columns[c].group) ++span;
            h += QStringLiteral("<th colspan='%1' style='%2'>%3</th>").arg(span).arg(rule, esc(t.columns[c].group));
            c += span;
        }
        h += "</tr>";
    }
    h += "<tr>";
    for (const auto& l : t.labelHeaders) h += "<th align='left' style='" + rule + "'>" + esc(l) + "</th>";
    for (const auto& c : t.columns) {
        const QString arrow = c.better == bench::Better::Lower ? QStringLiteral(" ↓") : c.better == bench::Better::Higher ? QStringLiteral(" ↑") : QString();
        h += "<th align='right' style='" + rule + "'>" + esc(c.label) + arrow + "</th>";
    }
    h += "</tr>";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto& row = t.rows[r];
        h += "<tr>";
        for (const auto& l : row.labels) h += "<td>" + esc(l) + "</td>";
        for (std::size_t c = 0; c < t.columns.size() && c < row.cells.size(); ++c) {
            QString v = esc(bench::displayValue(t.columns[c], row.cells[c].value));
            if (row.cells[c].plusMinus) v += QStringLiteral(" ± ") + QString::number(*row.cells[c].plusMinus, 'e', 1);
            const bench::Emphasis e = emph[r][c];
            if (e == bench::Emphasis::Best) v = "<b>" + v + "</b>";
            else if (e == bench::Emphasis::RunnerUp) v = "<u>" + v + "</u>";
            h += "<td align='right'>" + v + "</td>";
        }
        h += "</tr>";
    }
    h += "</table>";
    for (const auto& n : t.notes) h += "<p><small>" + esc(n) + "</small></p>";
    return h;
}

} // namespace ll::ui
