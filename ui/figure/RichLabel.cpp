#include "figure/RichLabel.h"

#include <QFontMetricsF>

#include <algorithm>

namespace ll::figure {

namespace {

QFont scriptFont(const QFont& base) {
    QFont f = base;
    f.setPointSizeF(base.pointSizeF() * 0.7);
    return f;
}

} // namespace

std::vector<LabelRun> parseLabel(const QString& label) {
    std::vector<LabelRun> runs;
    LabelRun cur;
    auto flush = [&] {
        if (!cur.text.isEmpty()) runs.push_back(cur);
        cur = LabelRun{};
    };
    for (qsizetype i = 0; i < label.size(); ++i) {
        const QChar c = label[i];
        if (c == QLatin1Char('\\') && i + 1 < label.size() &&
            (label[i + 1] == QLatin1Char('_') || label[i + 1] == QLatin1Char('^'))) {
            cur.text += label[++i];
            continue;
        }
        if ((c == QLatin1Char('_') || c == QLatin1Char('^')) && i + 1 < label.size()) {
            flush();
            LabelRun script;
            script.script = c == QLatin1Char('_') ? -1 : 1;
            if (label[i + 1] == QLatin1Char('{')) {
                const qsizetype close = label.indexOf(QLatin1Char('}'), i + 2);
                const qsizetype end = close < 0 ? label.size() : close;
                script.text = label.mid(i + 2, end - i - 2);
                i = end;
            } else {
                script.text = label[++i];
            }
            if (!script.text.isEmpty()) runs.push_back(script);
            continue;
        }
        cur.text += c;
    }
    flush();
    return runs;
}

namespace {

// A subscript directly followed by a superscript (or the reverse) is stacked: both start at the same
// x and the pen advances by the wider one ("I_R^{on}").
struct Placed {
    LabelRun run;
    double x = 0.0;
};

std::vector<Placed> place(const QString& label, const QFontMetricsF& normal, const QFontMetricsF& small, double& width) {
    std::vector<Placed> out;
    double x = 0.0;
    const auto runs = parseLabel(label);
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& r = runs[i];
        const double w = (r.script == 0 ? normal : small).horizontalAdvance(r.text);
        if (r.script != 0 && i + 1 < runs.size() && runs[i + 1].script == -r.script) {
            const double w2 = small.horizontalAdvance(runs[i + 1].text);
            out.push_back({r, x});
            out.push_back({runs[i + 1], x});
            x += std::max(w, w2);
            ++i;
            continue;
        }
        out.push_back({r, x});
        x += w;
    }
    width = x;
    return out;
}

} // namespace

double labelWidth(const QString& label, const QFont& font, const QPaintDevice* device) {
    const QFontMetricsF normal(font, device);
    const QFontMetricsF small(scriptFont(font), device);
    double w = 0.0;
    place(label, normal, small, w);
    return w;
}

void drawLabel(QPainter& p, double x, double baselineY, const QString& label, const QFont& font, HAlign align) {
    const QFont small = scriptFont(font);
    const QFontMetricsF normal(font, p.device());
    const QFontMetricsF smallM(small, p.device());
    double w = 0.0;
    const auto placed = place(label, normal, smallM, w);
    const double x0 = align == HAlign::Left ? x : align == HAlign::Centre ? x - w / 2.0 : x - w;
    const double size = normal.ascent();
    for (const auto& pl : placed) {
        const bool isScript = pl.run.script != 0;
        p.setFont(isScript ? small : font);
        const double dy = pl.run.script < 0 ? 0.25 * size : pl.run.script > 0 ? -0.42 * size : 0.0;
        p.drawText(QPointF(x0 + pl.x, baselineY + dy), pl.run.text);
    }
    p.setFont(font);
}

void drawLabelVertical(QPainter& p, double cx, double cy, const QString& label, const QFont& font) {
    const QFontMetricsF m(font, p.device());
    p.save();
    p.translate(cx, cy);
    p.rotate(-90.0);
    // After rotation, x runs upwards along the label; centre it and put the text's middle on cx.
    const double baseline = (m.ascent() - m.descent()) / 2.0;
    drawLabel(p, 0.0, baseline, label, font, HAlign::Centre);
    p.restore();
}

} // namespace ll::figure
