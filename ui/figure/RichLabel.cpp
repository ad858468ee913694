#include "figure/RichLabel.h"

#include "figure/TextBoxes.h"
#include "figure/TextMetrics.h"

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

std::vector<Placed> place(const QString& label, const TextMetrics& normal, const TextMetrics& small, double& width) {
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
    const TextMetrics normal(font, device);
    const TextMetrics small(scriptFont(font), device);
    double w = 0.0;
    place(label, normal, small, w);
    return w;
}

void drawLabel(QPainter& p, double x, double baselineY, const QString& label, const QFont& font, HAlign align) {
    const QFont small = scriptFont(font);
    const TextMetrics normal(font, p.device());
    const TextMetrics smallM(small, p.device());
    double w = 0.0;
    const auto placed = place(label, normal, smallM, w);
    const double x0 = align == HAlign::Left ? x : align == HAlign::Centre ? x - w / 2.0 : x - w;
    const double size = normal.ascent();
    QRectF ink; // of the whole label: its runs touch by design
    for (const auto& pl : placed) {
        const bool isScript = pl.run.script != 0;
        p.setFont(isScript ? small : font);
        const double dy = pl.run.script < 0 ? 0.25 * size : pl.run.script > 0 ? -0.42 * size : 0.0;
        const QPointF at(x0 + pl.x, baselineY + dy);
        p.drawText(at, pl.run.text);
        if (recordingTextBoxes()) {
            const QRectF box = inkBox(at, pl.run.text, isScript ? small : font, p.device());
            if (!box.isEmpty()) ink = ink.isEmpty() ? box : ink.united(box);
        }
    }
    recordTextBox(p, ink, label, font);
    p.setFont(font);
}

void drawLabelVertical(QPainter& p, double cx, double cy, const QString& label, const QFont& font) {
    const TextMetrics m(font, p.device());
    p.save();
    p.translate(cx, cy);
    p.rotate(-90.0);
    // After rotation, x runs upwards along the label; centre it and put the text's middle on cx.
    const double baseline = (m.ascent() - m.descent()) / 2.0;
    drawLabel(p, 0.0, baseline, label, font, HAlign::Centre);
    p.restore();
}

void drawPlainText(QPainter& p, double x, double baselineY, const QString& text, const QFont& font, HAlign align) {
    const TextMetrics m(font, p.device());
    const double w = m.horizontalAdvance(text);
    const QPointF at(align == HAlign::Left ? x : align == HAlign::Centre ? x - w / 2.0 : x - w, baselineY);
    p.setFont(font);
    p.drawText(at, text);
    if (recordingTextBoxes()) recordTextBox(p, inkBox(at, text, font, p.device()), text, font);
}

QStringList wrapLabel(const QString& label, const QFont& font, const QPaintDevice* device, double maxWidth) {
    QStringList lines;
    for (const QString& paragraph : label.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (line.isEmpty() || labelWidth(longer, font, device) <= maxWidth) {
                line = longer;
            } else {
                lines << line;
                line = word;
            }
        }
        lines << line;
    }
    return lines;
}

QStringList fitLabel(const QString& label, QFont& font, const QPaintDevice* device, double maxWidth, int maxLines,
                     double minScale) {
    const double size = font.pointSizeF();
    auto fits = [&](const QStringList& lines) {
        if (lines.size() > maxLines) return false;
        for (const auto& l : lines)
            if (labelWidth(l, font, device) > maxWidth) return false;
        return true;
    };
    QStringList lines = wrapLabel(label, font, device, maxWidth);
    // Shrink in steps of 5%: the wrapped lines change with the size, so there is no closed form.
    for (double scale = 0.95; !fits(lines) && scale >= minScale - 1e-9; scale -= 0.05) {
        font.setPointSizeF(size * scale);
        lines = wrapLabel(label, font, device, maxWidth);
    }
    if (!fits(lines) && lines.size() > maxLines) {
        // Still too many lines at the smallest size: join the rest onto the last line (wider, never cut).
        QStringList joined = lines.mid(0, maxLines - 1);
        joined << lines.mid(maxLines - 1).join(QLatin1Char(' '));
        lines = joined;
    }
    return lines;
}

} // namespace ll::figure
