#include "figure/PlotBuilder.h"

#include "bench/Aggregate.h"
#include "bench/PerImageColumns.h"
#include "bench/RegionValues.h"
#include "figure/ModelStyle.h"
#include "util/Error.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ll::figure {

namespace {

QString metricLabel(const std::string& m) {
    if (m == "sie") return QStringLiteral("SIE");
    if (m == "lfe") return QStringLiteral("LFE");
    if (m == "sie1") return QStringLiteral("SIE_1");
    if (m == "psnr") return QStringLiteral("PSNR");
    if (m == "ssim") return QStringLiteral("SSIM");
    if (m == "imported.lpips") return QStringLiteral("LPIPS");
    if (m == "imported.dreamsim") return QStringLiteral("DreamSim");
    if (m.rfind("imported.", 0) == 0) return QString::fromStdString(m.substr(9));
    return QString::fromStdString(m);
}

QString taskLabel(const std::string& t) { return t == "on" ? QStringLiteral("turn-on") : QStringLiteral("turn-off"); }


std::vector<const bench::ScoreRow*> rowsOf(const BenchResults& r, const std::string& model, const std::string& task) {
    std::vector<const bench::ScoreRow*> out;
    const Task t = parseTask(task);
    // Rows of scenes whose real pair failed are not the model's fault: left out, as in the tables.
    for (const auto& row : r.rows)
        if (row.model == model && row.task == t && row.failure != bench::Failure::BadScene) out.push_back(&row);
    return out;
}

QString panelTitle(const FigureSpec& spec, const std::string& metric, const std::string& task, const QString& what) {
    QString t = what.isEmpty() ? metricLabel(metric) : what;
    if (spec.tasks.size() > 1) t += QStringLiteral(", ") + taskLabel(task);
    return t;
}

} // namespace

QString displayName(const FigureSpec& spec, const std::string& key) {
    if (auto it = spec.labels.find(key); it != spec.labels.end()) return QString::fromStdString(it->second);
    if (key == bench::kDoNothingModel) return QStringLiteral("do nothing");
    const auto dash = key.find('-');
    if (dash != std::string::npos && dash > 0 && std::isdigit(static_cast<unsigned char>(key[0])))
        return QString::fromStdString(key.substr(0, dash)) + QChar(0x2013) + QString::fromStdString(key.substr(dash + 1)) + QStringLiteral("%");
    QString s = QString::fromStdString(key);
    s.replace(QLatin1Char('_'), QLatin1Char(' '));
    return s;
}

PlotValues computePlotValues(const FigureSpec& spec, const BenchResults& results, const std::string& subject) {
    PlotValues out;
    out.kind = spec.kind;
    if (spec.kind == FigureKind::Grid || spec.kind == FigureKind::Mosaic || spec.kind == FigureKind::Table)
        throw ll::Error(subject, std::string("a ") + figureKindName(spec.kind) + " is not a plot");
    const bool classesKind = spec.kind == FigureKind::Classes;
    const auto models = selectModels(results.rows, spec.models, spec.baseline && !(classesKind && spec.models.empty()), subject);
    if (models.empty()) throw ll::Error(subject, "no models to plot");
    {
        std::set<std::string> all;
        for (const auto& row : results.rows) all.insert(row.model);
        out.allModels.assign(all.begin(), all.end());
    }

    for (const auto& task : spec.tasks)
        for (const auto& metric : spec.metrics) {
            PlotPanelValues p;
            p.task = task;
            p.metric = metric;
            p.models = models;
            checkMetricPresent(results, metric, subject);
            p.higherBetter = higherIsBetter(results, metric);
            const QString m = metricLabel(metric);
            if (spec.kind == FigureKind::Bands || classesKind) {
                std::set<std::string> keys;
                for (const auto& row : results.rows)
                    for (const auto& [k, v] : (classesKind ? row.regions : row.bands))
                        if (k != "window") keys.insert(k);
                std::vector<std::string> wanted = classesKind ? spec.classes : spec.bands;
                if (wanted.empty()) wanted = classesKind ? bench::orderRegions({keys.begin(), keys.end()})
                                                         : bench::orderBands({keys.begin(), keys.end()});
                for (const auto& k : wanted)
                    if (!keys.count(k))
                        throw ll::Error(subject, std::string(classesKind ? "class" : "band") + " '" + k + "' is not in the results");
                if (wanted.empty()) throw ll::Error(subject, std::string("the results have no ") + (classesKind ? "annotated classes" : "intensity bands"));
                p.xKeys = wanted;
                for (const auto& k : wanted) {
                    QString label = displayName(spec, k);
                    if (classesKind) label.replace(QLatin1Char(' '), QLatin1Char('\n'));
                    p.xLabels.push_back(label);
                }
                for (const auto& model : models) {
                    const auto rows = rowsOf(results, model, task);
                    p.images.push_back(rows.size());
                    std::vector<std::optional<double>> vals;
                    for (const auto& k : wanted) // the tables' rule: failed edits count as worst
                        vals.push_back(bench::bestFractionMean(
                                           bench::regionValues(rows, !classesKind, k, metric == "lfe").values, spec.best)
                                           .mean);
                    p.values.push_back(vals);
                }
                if (classesKind && spec.values == "absolute") {
                    p.yLabel = m;
                    p.xLabel = QString();
                    p.title = panelTitle(spec, metric, task, m + QStringLiteral(" per class"));
                } else if (classesKind) {
                    // Relative to the best (lowest) model of each class, the baseline excluded.
                    for (std::size_t x = 0; x < wanted.size(); ++x) {
                        std::optional<double> best;
                        for (std::size_t mi = 0; mi < models.size(); ++mi) {
                            const auto& v = p.values[mi][x];
                            if (models[mi] != bench::kDoNothingModel && v && (!best || *v < *best)) best = v;
                        }
                        for (std::size_t mi = 0; mi < models.size(); ++mi) {
                            auto rel = bench::relativeToBest(p.values[mi][x], best);
                            p.values[mi][x] = rel ? std::optional<double>(*rel * 100.0) : std::nullopt;
                        }
                    }
                    p.yLabel = QStringLiteral("relative ") + m + QStringLiteral(" increase");
                    p.ySuffix = QStringLiteral("%");
                    p.xLabel = QString();
                    p.title = panelTitle(spec, metric, task, m + QStringLiteral(" per class"));
                } else {
                    p.yLabel = m;
                    p.xLabel = QStringLiteral("light-probe intensity band (% of maximum)");
                    p.title = panelTitle(spec, metric, task, m);
                }
            } else if (spec.kind == FigureKind::Percentiles) {
                for (double x = spec.percentileRange[0]; x <= spec.percentileRange[1] + 1e-9; x += spec.percentileRange[2]) {
                    p.xValues.push_back(x);
                    p.xKeys.push_back(std::to_string(int(std::lround(x))));
                }
                for (const auto& model : models) {
                    const auto rows = rowsOf(results, model, task);
                    p.images.push_back(rows.size());
                    std::vector<std::optional<double>> scores;
                    for (const auto* row : rows) scores.push_back(rowScore(*row, metric));
                    if (higherIsBetter(results, metric))
                        for (auto& s : scores)
                            if (s) s = -*s;
                    std::vector<std::optional<double>> vals;
                    for (double x : p.xValues) {
                        auto mean = bench::bestFractionMean(scores, x).mean;
                        if (mean && higherIsBetter(results, metric)) mean = -*mean;
                        vals.push_back(mean);
                    }
                    p.values.push_back(vals);
                }
                p.xLabel = QStringLiteral("best x% of images");
                p.yLabel = QStringLiteral("mean ") + m;
                p.title = panelTitle(spec, metric, task, m);
            } else { // histogram
                std::vector<std::vector<double>> per(models.size());
                double lo = 1e300, hi = -1e300;
                for (std::size_t mi = 0; mi < models.size(); ++mi) {
                    const auto rows = rowsOf(results, models[mi], task);
                    for (const auto* row : rows) {
                        const auto s = rowScore(*row, metric);
                        if (s && std::isfinite(*s)) per[mi].push_back(*s);
                    }
                    p.images.push_back(per[mi].size());
                    for (double v : per[mi]) lo = std::min(lo, v), hi = std::max(hi, v);
                }
                if (lo > hi) throw ll::Error(subject, "no defined " + metric + " scores for task " + task);
                if (spec.yRange) lo = (*spec.yRange)[0], hi = (*spec.yRange)[1];
                if (hi <= lo) hi = lo + 1.0;
                const int n = spec.bins;
                for (int i = 0; i <= n; ++i) p.xValues.push_back(lo + (hi - lo) * i / n);
                for (int i = 0; i < n; ++i)
                    p.xKeys.push_back(QString::number(p.xValues[std::size_t(i)], 'g', 4).toStdString() + ".." +
                                      QString::number(p.xValues[std::size_t(i) + 1], 'g', 4).toStdString());
                for (std::size_t mi = 0; mi < models.size(); ++mi) {
                    std::vector<double> counts(std::size_t(n), 0.0);
                    for (double v : per[mi]) {
                        if (v < lo || v > hi) continue;
                        const int b = std::min(n - 1, int((v - lo) / (hi - lo) * n));
                        counts[std::size_t(b)] += 1.0;
                    }
                    std::vector<std::optional<double>> vals;
                    for (double c : counts) vals.push_back(spec.density && !per[mi].empty() ? c / double(per[mi].size()) : c);
                    p.values.push_back(vals);
                }
                p.xLabel = m + QStringLiteral(" per image");
                p.yLabel = spec.density ? QStringLiteral("fraction of images") : QStringLiteral("images");
                p.title = panelTitle(spec, metric, task, m);
            }
            out.panels.push_back(std::move(p));
        }
    return out;
}

PlotFigureData plotFigureData(const FigureSpec& spec, const PlotValues& values) {
    PlotFigureData d;
    d.title = spec.title.empty() ? QStringLiteral("LightLens ") + QString::fromUtf8(figureKindName(spec.kind)) + QStringLiteral(" plot")
                                 : QString::fromStdString(spec.title);
    d.widthPt = spec.widthPt();
    d.heightPt = spec.heightPt();
    d.heightPerRow = spec.height.empty(); // the default height is per row of panels
    d.columns = spec.layoutColumns;
    d.rows = spec.layoutRows;
    d.style.fontSize = spec.fontSize;
    d.style.titleSize = spec.fontSize + 1.0;
    // A model keeps its colour and marker in every panel and every figure of the same results.
    for (const auto& pv : values.panels) {
        Panel panel;
        panel.title = pv.title;
        panel.x.label = pv.xLabel;
        panel.y.label = pv.yLabel;
        panel.y.tickSuffix = pv.ySuffix;
        panel.x.categories = pv.xLabels;
        {
            std::vector<double> all;
            for (const auto& vals : pv.values)
                for (const auto& v : vals)
                    if (v) all.push_back(*v);
            panel.y.log = spec.logAxis(all);
        }
        if (spec.yRange && values.kind != FigureKind::Histogram) {
            panel.y.min = (*spec.yRange)[0];
            panel.y.max = (*spec.yRange)[1];
        }
        switch (values.kind) {
        case FigureKind::Classes: panel.style = SeriesStyle::Bars; panel.zeroLine = true; break;
        case FigureKind::Histogram:
            panel.style = SeriesStyle::Steps;
            panel.y.integer = !spec.density; // counts of images
            break;
        default: panel.style = SeriesStyle::LineMarkers; break;
        }
        // Percentiles: the x range follows the data with the plot's margin (not fixed to the first and
        // last percentile, which would put their points on the axes).
        if (values.kind == FigureKind::Percentiles) panel.x.tickSuffix = QStringLiteral("%");
        for (std::size_t mi = 0; mi < pv.models.size(); ++mi) {
            Series s;
            s.name = displayName(spec, pv.models[mi]);
            const ModelStyle style = modelStyle(pv.models[mi], values.allModels, spec.modelColours);
            s.colour = style.colour;
            s.marker = style.marker;
            s.dashed = style.dashed;
            s.y = pv.values[mi];
            if (!pv.xLabels.empty()) {
                for (std::size_t i = 0; i < pv.xLabels.size(); ++i) s.x.push_back(double(i));
            } else {
                s.x = pv.xValues;
            }
            panel.series.push_back(s);
        }
        d.panels.push_back(panel);
    }
    return d;
}

bench::Table plotTable(const FigureSpec& spec, const PlotValues& values) {
    bench::Table t;
    t.name = figureKindName(spec.kind);
    t.labelHeaders = {"Model"};
    const std::string best = std::to_string(int(std::lround(spec.best)));
    const std::string over = spec.best >= 100.0 ? "the mean over images" : "the mean of the best " + best + "% of images";
    switch (values.kind) {
    case FigureKind::Bands:
        t.caption = "Scores per light-probe intensity band (percent of the maximum light-probe intensity); per model " + over +
                    " where the band was scored.";
        break;
    case FigureKind::Classes:
        if (spec.values == "absolute") {
            t.caption = "Score per annotated class; per model " + over + " where the class was scored.";
            break;
        }
        t.caption = "Score per annotated class relative to the best model of each class (v / best - 1); per model " + over +
                    " where the class was scored.";
        break;
    case FigureKind::Percentiles:
        t.caption = "Mean score of the best x% of images per model; failed and undefined images count as worst.";
        break;
    default:
        t.caption = spec.density ? "Fraction of images per score bin." : "Number of images per score bin.";
        break;
    }
    const bool percent = values.kind == FigureKind::Classes && spec.values != "absolute";
    for (const auto& pv : values.panels)
        for (std::size_t i = 0; i < pv.xKeys.size(); ++i) {
            bench::Column col;
            col.key = pv.task + "." + pv.metric + "." + pv.xKeys[i];
            col.group = pv.title.toStdString();
            if (!pv.xLabels.empty()) col.label = pv.xLabels[i].toStdString();
            else if (values.kind == FigureKind::Percentiles) col.label = pv.xKeys[i] + "%";
            else col.label = pv.xKeys[i];
            std::replace(col.label.begin(), col.label.end(), '\n', ' ');
            if (values.kind == FigureKind::Histogram) {
                col.better = bench::Better::None;
                col.decimals = spec.density ? 3 : 0;
                col.format = spec.density ? bench::CellFormat::Fixed : bench::CellFormat::Integer;
            } else {
                col.better = pv.higherBetter ? bench::Better::Higher : bench::Better::Lower;
                col.decimals = percent ? 1 : 3;
                col.format = percent ? bench::CellFormat::Percent : bench::CellFormat::Fixed;
            }
            t.columns.push_back(col);
        }
    const auto& models = values.panels.front().models;
    for (std::size_t mi = 0; mi < models.size(); ++mi) {
        bench::TableRow row;
        row.labels = {displayName(spec, models[mi]).toStdString()};
        row.ranked = models[mi] != bench::kDoNothingModel;
        for (const auto& pv : values.panels)
            for (std::size_t i = 0; i < pv.xKeys.size(); ++i) {
                bench::Cell cell;
                cell.value = pv.values[mi][i];
                if (cell.value && percent) *cell.value /= 100.0;
                row.cells.push_back(cell);
            }
        t.rows.push_back(row);
    }
    return t;
}

} // namespace ll::figure
