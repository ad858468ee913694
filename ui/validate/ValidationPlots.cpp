#include "validate/ValidationPlots.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace ll::ui {

namespace {

std::optional<double> finite(double v) { return std::isfinite(v) ? std::optional<double>(v) : std::nullopt; }
QString q(const std::string& s) { return QString::fromStdString(s); }
QString num(double v, int digits = 2) { return std::isfinite(v) ? QString::number(v, 'f', digits) : QStringLiteral("–"); }

QString groupTitle(const std::string& g) {
    if (g == "all") return QObject::tr("all tasks");
    if (g == "on") return QObject::tr("turn on");
    if (g == "off") return QObject::tr("turn off");
    return q(g);
}

} // namespace

std::optional<figure::PlotFigureData> agreementPlot(const ValidationRun& run, const std::string& group) {
    using namespace figure;
    const auto& r = run.result;
    Panel panel;
    panel.title = QObject::tr("Agreement with human choices by score separation (%1)").arg(groupTitle(group));
    panel.style = SeriesStyle::LineMarkers;
    panel.x.label = QObject::tr("quartile of |score difference| (Q1 smallest)");
    panel.x.categories = {"Q1", "Q2", "Q3", "Q4", QObject::tr("all")};
    panel.y.label = QObject::tr("agreement");
    panel.y.max = 1.0;
    int shown = 0, count = 0;
    for (const auto& a : r.agreement) count += a.group == group;
    for (const auto& a : r.agreement) {
        if (a.group != group) continue;
        Series s;
        s.name = q(a.metric);
        // Metrics side by side around each category, so their whiskers do not overlap.
        const double offset = (shown++ - (count - 1) / 2.0) * std::min(0.12, 0.5 / std::max(1, count));
        for (int b = 0; b < 5; ++b) {
            const auto& e = a.bins[std::size_t(b)];
            s.x.push_back(b + offset);
            s.y.push_back(finite(e.value));
            s.yLow.push_back(finite(e.ci.lo));
            s.yHigh.push_back(finite(e.ci.hi));
        }
        panel.series.push_back(std::move(s));
    }
    if (panel.series.empty()) return std::nullopt;
    ReferenceBand chance;
    chance.name = QObject::tr("chance (0.5)");
    chance.lo = chance.hi = 0.5;
    chance.line = 0.5;
    chance.dashed = true;
    chance.colour = QColor(150, 150, 150);
    panel.bands.push_back(chance);
    for (const auto& h : run.humanAgreement)
        if (h.group == group && std::isfinite(h.value)) {
            ReferenceBand human;
            human.name = QObject::tr("human–human agreement %1 (leave-one-out majority, %2 decisions)")
                             .arg(num(h.value, 3))
                             .arg(h.decisions);
            human.lo = human.hi = h.value;
            human.line = h.value;
            human.colour = QColor(60, 60, 60);
            panel.bands.push_back(human);
        }
    PlotFigureData d;
    d.title = QObject::tr("Agreement by separation");
    d.panels.push_back(std::move(panel));
    d.widthPt = 360;
    d.heightPt = 250;
    return d;
}

std::optional<figure::PlotFigureData> scatterPlot(const ValidationRun& run, const std::string& group) {
    using namespace figure;
    const auto& r = run.result;
    const bool pairs = r.kind == stats::StudyKind::Pairs;
    PlotFigureData d;
    d.title = QObject::tr("Metric scores against human judgements");
    for (std::size_t m = 0; m < r.metrics.size(); ++m) {
        Panel panel;
        panel.style = SeriesStyle::Scatter;
        Series s;
        s.marker = 0;
        for (const auto& p : r.scatter)
            if (p.group == group && p.metric == r.metrics[m] && std::isfinite(p.score) && std::isfinite(p.human)) {
                s.x.push_back(p.score);
                s.y.push_back(p.human);
            }
        if (s.x.empty()) continue;
        s.colour = seriesColour(int(m));
        panel.series.push_back(std::move(s));
        QString corr;
        for (const auto& c : r.correlation)
            if (c.group == group && c.metric == r.metrics[m])
                corr = QObject::tr("r = %1 [%2, %3]").arg(num(c.pearson.value), num(c.pearson.ci.lo), num(c.pearson.ci.hi));
        panel.title = QString("%1: %2").arg(q(r.metrics[m]), corr);
        panel.x.label = pairs ? QObject::tr("score difference (oriented, first − second)") : QObject::tr("score (oriented)");
        panel.y.label = pairs ? QObject::tr("human preference h") : QObject::tr("mean rating");
        if (pairs) panel.zeroLine = true;
        d.panels.push_back(std::move(panel));
    }
    if (d.panels.empty()) return std::nullopt;

    // Correlations against the noise ceiling.
    Panel ceiling;
    ceiling.style = SeriesStyle::Scatter;
    ceiling.title = QObject::tr("Pearson r vs noise ceiling");
    ceiling.y.label = QObject::tr("correlation with humans");
    ceiling.y.max = 1.0;
    ceiling.zeroLine = true;
    for (std::size_t m = 0; m < r.metrics.size(); ++m) {
        ceiling.x.categories.push_back(q(r.metrics[m]));
        for (const auto& c : r.correlation)
            if (c.group == group && c.metric == r.metrics[m]) {
                Series s;
                s.name = QObject::tr("Pearson r (%1)").arg(q(r.metrics[m]));
                s.colour = seriesColour(int(m));
                s.marker = 0;
                s.x = {double(m)};
                s.y = {finite(c.pearson.value)};
                s.yLow = {finite(c.pearson.ci.lo)};
                s.yHigh = {finite(c.pearson.ci.hi)};
                ceiling.series.push_back(std::move(s));
            }
    }
    for (const auto& rel : r.reliability)
        if (rel.group == group && std::isfinite(rel.reliability.ceiling)) {
            ReferenceBand b;
            b.name = QObject::tr("noise ceiling √rel = %1 (range over splits shaded)").arg(num(rel.reliability.ceiling));
            b.line = rel.reliability.ceiling;
            b.lo = std::isfinite(rel.reliability.ceilingRange.lo) ? rel.reliability.ceilingRange.lo : rel.reliability.ceiling;
            b.hi = std::isfinite(rel.reliability.ceilingRange.hi) ? rel.reliability.ceilingRange.hi : rel.reliability.ceiling;
            b.colour = QColor(0, 114, 178);
            ceiling.bands.push_back(b);
        }
    d.panels.push_back(std::move(ceiling));
    d.widthPt = 190.0 * double(d.panels.size());
    d.heightPt = 250;
    return d;
}

} // namespace ll::ui
