#include "figure/PanelTitles.h"

#include "figure/PlotFigure.h"

namespace ll::figure {

namespace {

bool separator(QChar c) {
    return c == QLatin1Char(',') || c == QLatin1Char(':') || c == QLatin1Char(';') || c == QChar(0x2013) || c == QChar(0x2014);
}

// What follows `label` at the start of `title` with the separators between them removed; null unless
// the title is the label alone or the label and a separator ("SIE, turn-on"): "SIE1" or "relative SIE
// increase over the best model" say more than their axis.
std::optional<QString> rest(const QString& title, const QString& label) {
    if (label.isEmpty() || !title.startsWith(label)) return std::nullopt;
    QString r = title.mid(label.size());
    const QString trimmed = r.trimmed();
    if (!trimmed.isEmpty() && !separator(trimmed[0]) && !(trimmed[0] == QLatin1Char('-') && r[0].isSpace())) return std::nullopt;
    while (!r.isEmpty() && (r[0].isSpace() || r[0] == QLatin1Char(',') || r[0] == QLatin1Char(':') || r[0] == QLatin1Char(';') ||
                            r[0] == QLatin1Char('-') || r[0] == QChar(0x2013) || r[0] == QChar(0x2014)))
        r.remove(0, 1);
    return r;
}

} // namespace

void dropRepeatedYLabels(std::vector<Panel>& panels) {
    std::vector<QString> titles;
    for (const auto& p : panels) {
        const auto r = rest(p.title, p.y.label);
        if (!r) return;
        titles.push_back(*r);
    }
    for (std::size_t i = 0; i < panels.size(); ++i) panels[i].title = titles[i];
}

} // namespace ll::figure
