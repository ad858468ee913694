// Layout of plots and grids, checked on the text they draw (figure/TextBoxes.h records the ink box of
// every label as it is painted): no two pieces of text overlap and all lie inside the page, for
// 1, 2, 4 and 6 panels at one- and two-column widths and for grids at one-column width; titles and
// row labels wrap at their normal size; models keep their colours when the selection changes;
// colour-bar ticks sit at nice values; the runner-up score of a grid is underlined.
#include "FigureChecks.h"
#include "FigureTestSupport.h"

#include "bench/Table.h"
#include "figure/ColourBarTicks.h"
#include "figure/FigureStyle.h"
#include "figure/FigureBuilder.h"
#include "figure/FigureExport.h"
#include "figure/GridFigure.h"
#include "figure/ModelStyle.h"
#include "figure/PanelGrid.h"
#include "figure/PlotBuilder.h"
#include "figure/TextBoxes.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

constexpr double kOneColumn = 241.0; // 8.5 cm in points, rounded as the spec rounds it
constexpr double kTwoColumn = 505.0; // 17.8 cm

QString allText(const std::vector<TextBox>& boxes) {
    QStringList parts;
    for (const auto& b : boxes) parts << b.text;
    return parts.join(QLatin1Char(' '));
}

FigureSpec plotSpec(FigureKind kind, std::vector<std::string> tasks, std::vector<std::string> metrics, const std::string& width) {
    FigureSpec s;
    s.kind = kind;
    s.tasks = std::move(tasks);
    s.metrics = std::move(metrics);
    s.width = width;
    s.best = 100;
    return s;
}

bool sameValues(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::fabs(a[i] - b[i]) > 1e-9) return false;
    return true;
}

BenchResults knownResults() { return BenchResults{{}, test::knownRows(), {}}; }

QImage tileImage(int w, int h, int seed) {
    QImage img(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) img.setPixel(x, y, qRgb((x * 255 / w + seed * 40) % 256, y * 255 / h, 90));
    return img;
}

// A grid like the model grid of the docs: five columns, two colour bars (+-2.8 and +-7.6, the ranges a
// 99th percentile gives), long row labels and two scores under the edit tiles.
GridFigureData modelGrid(double width, bool maskKey = false) {
    GridFigureData d;
    d.widthPt = width;
    d.dpi = 72;
    d.columns = {{QStringLiteral("Input I_R^{off}"), -1, -1}, {QStringLiteral("Edit I_G^{on}"), -1, -1},
                 {QStringLiteral("Real I_R^{on}"), -1, -1},  {QStringLiteral("SIE map"), 0, -1},
                 {QStringLiteral("LFE map"), 1, -1}};
    d.colourBars = {{QStringLiteral("S(E_R) \u2212 S(E_G)"), ColourMapKind::Diverging, {-2.8, 2.8}, {}},
                    {QStringLiteral("S(M_R) \u2212 S(M_G)"), ColourMapKind::Diverging, {-7.6, 7.6},
                     {{QStringLiteral("outside \u03A980"), QColor(0x8c, 0x8c, 0x8c)}}}};
    const QStringList labels{QStringLiteral("oracle"), QStringLiteral("dim light"), QStringLiteral("no shadow"),
                             QStringLiteral("wrong position")};
    for (int r = 0; r < labels.size(); ++r) {
        GridRow row;
        row.label = labels[r];
        row.tiles.resize(5);
        for (int c = 0; c < 5; ++c) row.tiles[std::size_t(c)].image = tileImage(120, 80, r + c);
        row.tiles[1].scores = {{QStringLiteral("PSNR"), 20.0 + r, false, 2}, {QStringLiteral("SSIM"), 0.9 - 0.01 * r, false, 3}};
        row.tiles[3].scores = {{QStringLiteral("SIE"), 0.5 + 0.25 * r, true, 3}};
        row.tiles[4].scores = {{QStringLiteral("LFE"), 1.5 + 0.25 * r, true, 3}};
        d.rows.push_back(row);
    }
    if (maskKey) { // a sixth column with the key of the exclusion reasons under it, as in grid_scenes
        d.columns.push_back({QStringLiteral("Valid pixels"), -1, 0});
        CategoryKey key;
        for (const char* t : {"valid", "non-finite", "denominator <= 0", "clipped real", "clipped edit", "low signal", "window"})
            key.entries.push_back({QString::fromUtf8(t), QColor(0x99, 0x99, 0x99)});
        d.categoryKeys.push_back(key);
        for (auto& row : d.rows) {
            row.tiles.emplace_back();
            row.tiles.back().image = tileImage(120, 80, 7);
        }
    }
    markBestScores(d);
    return d;
}

} // namespace

class TestFigureLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void panelGridChoice() {
        // Cells of at least 120 pt in 500 pt with 12 pt gaps: four fit at (500 - 36) / 4 = 116 pt? no;
        // three at (500 - 24) / 3 = 158.7 pt. Four panels in three columns make 2 rows, so 2 x 2.
        PanelGrid g = choosePanelGrid(4, 0, 0, 500, 12, 120);
        QCOMPARE(g.columns, 2);
        QCOMPARE(g.rows, 2);
        g = choosePanelGrid(6, 0, 0, 500, 12, 120); // 3 columns, 2 full rows
        QCOMPARE(g.columns, 3);
        QCOMPARE(g.rows, 2);
        g = choosePanelGrid(2, 0, 0, 238, 12, 120); // (238 - 12) / 2 = 113 < 120: one column
        QCOMPARE(g.columns, 1);
        QCOMPARE(g.rows, 2);
        g = choosePanelGrid(5, 0, 2, 500, 12, 120); // two rows asked: 3 + 2
        QCOMPARE(g.columns, 3);
        QCOMPARE(g.rows, 2);
        g = choosePanelGrid(2, 4, 0, 500, 12, 120); // more columns asked than panels
        QCOMPARE(g.columns, 2);
        QCOMPARE(g.rows, 1);
        // Cells: the second row starts below the first, the second column right of the first.
        g = choosePanelGrid(4, 2, 0, 500, 12, 120);
        const QRectF area(0, 0, 212, 108);
        QCOMPARE(panelCell(g, 0, area, 12, 8), QRectF(0, 0, 100, 50));
        QCOMPARE(panelCell(g, 3, area, 12, 8), QRectF(112, 58, 100, 50));
    }

    void plotTextFits_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("tasks");
        QTest::addColumn<QStringList>("metrics");
        QTest::addColumn<QString>("width");
        QTest::addColumn<int>("panels");
        const QStringList on{QStringLiteral("on")}, both{QStringLiteral("on"), QStringLiteral("off")};
        const QStringList sie{QStringLiteral("sie")}, two{QStringLiteral("sie"), QStringLiteral("lfe")};
        const QStringList three{QStringLiteral("sie"), QStringLiteral("lfe"), QStringLiteral("psnr")};
        for (const QString& width : {QStringLiteral("one-column"), QStringLiteral("two-column")}) {
            const QByteArray w = width.toUtf8();
            QTest::newRow(("bands 1 " + w).constData()) << int(FigureKind::Bands) << on << sie << width << 1;
            QTest::newRow(("bands 2 " + w).constData()) << int(FigureKind::Bands) << on << two << width << 2;
            QTest::newRow(("bands 4 " + w).constData()) << int(FigureKind::Bands) << both << two << width << 4;
            QTest::newRow(("classes 2 " + w).constData()) << int(FigureKind::Classes) << both << sie << width << 2;
            QTest::newRow(("classes 4 " + w).constData()) << int(FigureKind::Classes) << both << two << width << 4;
            QTest::newRow(("percentiles 6 " + w).constData()) << int(FigureKind::Percentiles) << both << three << width << 6;
            QTest::newRow(("histogram 4 " + w).constData()) << int(FigureKind::Histogram) << both << two << width << 4;
        }
    }

    void plotTextFits() {
        QFETCH(int, kind);
        QFETCH(QStringList, tasks);
        QFETCH(QStringList, metrics);
        QFETCH(QString, width);
        QFETCH(int, panels);
        std::vector<std::string> t, m;
        for (const auto& s : tasks) t.push_back(s.toStdString());
        for (const auto& s : metrics) m.push_back(s.toStdString());
        const FigureSpec spec = plotSpec(FigureKind(kind), t, m, width.toStdString());
        const PlotFigure fig(plotFigureData(spec, computePlotValues(spec, knownResults(), "test")));
        QCOMPARE(int(fig.data().panels.size()), panels);
        const QString problem = test::textProblems(fig);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // Every word of every title and axis label is drawn (nothing elided), at no less than 5 pt.
        const auto boxes = figureTextBoxes(fig);
        const QString drawn = allText(boxes);
        for (const auto& panel : fig.data().panels)
            for (const QString& label : {panel.title, panel.x.label, panel.y.label})
                for (const auto& word : label.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                    QVERIFY2(drawn.contains(word), qPrintable(QStringLiteral("'%1' of '%2' is not drawn").arg(word, label)));
        for (const auto& b : boxes)
            QVERIFY2(b.points >= 5.0 - 1e-6, qPrintable(QStringLiteral("'%1' at %2 pt").arg(b.text).arg(b.points)));
        // Every panel keeps a usable plot area, inside its cell.
        for (int i = 0; i < panels; ++i) {
            const QRectF a = fig.plotArea(i, nullptr);
            QVERIFY(a.width() > 40 && a.height() > 30);
            QVERIFY(fig.panelCell(i, nullptr).contains(a));
        }
    }

    void fourPanelsMakeTwoRowsAtTwoColumns() {
        // Four panels need 4 x 120 pt + 3 gaps > 502 pt: two rows of two; one-column width: one per row.
        FigureSpec spec = plotSpec(FigureKind::Classes, {"on", "off"}, {"sie", "lfe"}, "two-column");
        PlotFigure two(plotFigureData(spec, computePlotValues(spec, knownResults(), "test")));
        QCOMPARE(two.grid().columns, 2);
        QCOMPARE(two.grid().rows, 2);
        QCOMPARE(two.plotArea(0, nullptr).top(), two.plotArea(1, nullptr).top());
        QCOMPARE(two.plotArea(0, nullptr).left(), two.plotArea(2, nullptr).left());
        QVERIFY(two.plotArea(2, nullptr).top() > two.plotArea(0, nullptr).bottom());
        spec.width = "one-column";
        PlotFigure one(plotFigureData(spec, computePlotValues(spec, knownResults(), "test")));
        QCOMPARE(one.grid().columns, 1);
        QCOMPARE(one.grid().rows, 4);
        // The default height is per row: 4 rows are taller than one row (4 cm) by far.
        QVERIFY(one.sizePt().height() > 3 * 4.0 / 2.54 * 72.0);
        // An explicit layout wins: four panels in one row at two-column width.
        spec.width = "two-column";
        spec.layoutColumns = 4;
        PlotFigure row(plotFigureData(spec, computePlotValues(spec, knownResults(), "test")));
        QCOMPARE(row.grid().rows, 1);
        QCOMPARE(row.plotArea(3, nullptr).top(), row.plotArea(0, nullptr).top());
    }

    void longTitleWrapsAtFullSize() {
        PlotFigureData d;
        d.widthPt = kOneColumn;
        d.heightPt = 160;
        Panel p;
        p.title = QStringLiteral("relative SIE increase over the best model, turn-on and turn-off");
        p.y.label = QStringLiteral("relative SIE increase");
        p.x.categories = {QStringLiteral("metallic"), QStringLiteral("probe\nshadow")};
        p.style = SeriesStyle::Bars;
        Series s;
        s.name = QStringLiteral("alpha");
        s.x = {0, 1};
        s.y = {1.0, 2.0};
        p.series = {s};
        d.panels = {p};
        const PlotFigure fig(d);
        const QString problem = test::textProblems(fig);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // The title (bold, 8 pt) is about 290 pt long in one line: two lines, both at 8 pt.
        int titleBoxes = 0;
        double top = 1e9, bottom = -1e9;
        const double plotTop = fig.plotArea(0, nullptr).top();
        for (const auto& b : figureTextBoxes(fig))
            if (p.title.contains(b.text) && b.rect.bottom() < plotTop && b.rect.width() > b.rect.height()) {
                ++titleBoxes;
                QCOMPARE(b.points, 8.0);
                top = std::min(top, b.rect.top());
                bottom = std::max(bottom, b.rect.bottom());
            }
        QCOMPARE(titleBoxes, 2);
        QVERIFY(bottom - top > 8.0); // two lines, one above the other
    }

    void modelKeepsItsColour() {
        // All models of the results: alpha, beta (and the baseline). Sorted without the baseline,
        // beta is second: Okabe-Ito's second colour (sky blue, #56B4E9), whatever the selection,
        // darkened to 3:1 against white (its linear RGB scaled down, computed separately: #4A9DCC, 3.006:1);
        // alpha's orange #E69F00 likewise becomes #C68800 (3.033:1).
        const BenchResults r = knownResults();
        auto colourOf = [&](std::vector<std::string> models, const std::string& model) {
            FigureSpec spec = plotSpec(FigureKind::Bands, {"on"}, {"sie"}, "two-column");
            spec.models = std::move(models);
            const PlotFigureData d = plotFigureData(spec, computePlotValues(spec, r, "test"));
            for (const auto& s : d.panels.front().series)
                if (s.name == displayName(spec, model)) return std::make_pair(s.colour, s.marker);
            return std::make_pair(QColor(), -1);
        };
        const QColor skyBlue(0x4A, 0x9D, 0xCC), orange(0xC6, 0x88, 0x00);
        QCOMPARE(colourOf({"alpha", "beta"}, "beta").first, skyBlue);
        QCOMPARE(colourOf({"beta"}, "beta").first, skyBlue);
        QCOMPARE(colourOf({"beta", "alpha"}, "beta").first, skyBlue);
        QCOMPARE(colourOf({"beta", "alpha"}, "alpha").first, orange);
        QCOMPARE(colourOf({"beta"}, "beta").second, colourOf({"alpha", "beta"}, "beta").second);
        QCOMPARE(colourOf({"do_nothing", "beta"}, "do_nothing").first, QColor(0x80, 0x80, 0x80));
        // A colour named in the spec wins.
        FigureSpec spec = FigureSpec::fromJsonText("{\"kind\": \"bands\", \"model_colours\": {\"beta\": \"#123456\"}}", "f.json");
        const PlotFigureData d = plotFigureData(spec, computePlotValues(spec, r, "test"));
        bool found = false;
        for (const auto& s : d.panels.front().series)
            if (s.name == QStringLiteral("beta")) found = s.colour == QColor(0x12, 0x34, 0x56);
        QVERIFY(found);
        // Without a list of models: the same index for the same name, in any call.
        QCOMPARE(modelStyleIndex("gamma", {}), modelStyleIndex("gamma", {"x", "y"}));
        QCOMPARE(modelStyleIndex("beta", {"zeta", "alpha", "beta", "do_nothing"}), 1);
    }

    void colourBarTicksAreNice() {
        const QFont font = figureFont(7.0, false, pointDevice());
        auto ticks = [&](double lo, double hi, double width) { return colourBarTicks({lo, hi}, width, font, pointDevice(), 5.0 / 7.0); };
        // +-2.8 (a 99th percentile): steps of 2 (5.6 / 5 = 1.12 -> 2); +-7.6: steps of 5 (15.2 / 5 = 3.04 -> 5).
        QVERIFY(sameValues(ticks(-2.8, 2.8, 100).ticks.values, {-2, 0, 2}));
        QCOMPARE(ticks(-2.8, 2.8, 100).fontScale, 1.0);
        QVERIFY(sameValues(ticks(-7.6, 7.6, 100).ticks.values, {-5, 0, 5}));
        QVERIFY(sameValues(ticks(0, 1, 150).ticks.values, {0, 0.2, 0.4, 0.6, 0.8, 1.0}));
        // A short bar gets fewer ticks: 0..1 on 30 pt has room for 0, 0.5, 1 (labels about 11 pt wide).
        QVERIFY(sameValues(ticks(0, 1, 30).ticks.values, {0, 0.5, 1.0}));
        // Shorter still: -2, 0, 2 on 27 pt are 9.6 pt apart, less than "-2" (10.4 pt) and a gap at
        // 7 pt; at 5 pt they fit.
        const ColourBarTicks narrow = ticks(-2.8, 2.8, 27);
        QVERIFY(sameValues(narrow.ticks.values, {-2, 0, 2}));
        QVERIFY(narrow.fontScale < 1.0 && narrow.fontScale >= 5.0 / 7.0 - 1e-9);
        // As drawn: the grid's bars show -2, 0, 2 and -5, 0, 5, never the range's ends.
        const GridFigure grid(modelGrid(kTwoColumn));
        const auto boxes = figureTextBoxes(grid);
        QStringList texts;
        for (const auto& b : boxes) texts << b.text;
        const QString minus(QChar(0x2212));
        for (const QString& t : {minus + QStringLiteral("2"), QStringLiteral("2"), minus + QStringLiteral("5"), QStringLiteral("5")})
            QVERIFY2(texts.contains(t), qPrintable(t));
        QVERIFY(!texts.contains(QStringLiteral("2.8")));
        QVERIFY(!texts.contains(minus + QStringLiteral("7.6")));
    }

    void gridTextFits_data() {
        QTest::addColumn<double>("width");
        QTest::addColumn<bool>("maskKey");
        QTest::newRow("one-column") << kOneColumn << false;
        QTest::newRow("two-column") << kTwoColumn << false;
        QTest::newRow("one-column with a key") << kOneColumn << true;
        QTest::newRow("two-column with a key") << kTwoColumn << true;
    }

    void gridTextFits() {
        QFETCH(double, width);
        QFETCH(bool, maskKey);
        const GridFigure grid(modelGrid(width, maskKey));
        const QString problem = test::textProblems(grid);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const auto boxes = figureTextBoxes(grid);
        for (const auto& b : boxes)
            QVERIFY2(b.points >= 5.0 - 1e-6, qPrintable(QStringLiteral("'%1' at %2 pt").arg(b.text).arg(b.points)));
        // Scores stay within their tile's width.
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 5; ++c) {
                const QRectF tile = grid.tileRect(r, c);
                for (const auto& b : boxes)
                    if (b.rect.top() >= tile.bottom() && b.rect.bottom() <= tile.bottom() + 20 && b.rect.center().x() > tile.left() &&
                        b.rect.center().x() < tile.right() && b.text.contains(QLatin1Char('.')))
                        QVERIFY2(b.rect.left() >= tile.left() - 0.05 && b.rect.right() <= tile.right() + 0.05,
                                 qPrintable(QStringLiteral("%1 %2..%3 in tile %4..%5").arg(b.text).arg(b.rect.left()).arg(b.rect.right()).arg(tile.left()).arg(tile.right())));
            }
    }

    void longRowLabelWrapsAtNormalSize() {
        // "wrong position" at 8 pt is about 62 pt long; the tiles of a one-column grid of five columns
        // are about 29 pt high (under 40 pt with their scores): it wraps onto two lines and stays at
        // 8 pt (it used to shrink to 4.8 pt).
        const GridFigure grid(modelGrid(kOneColumn));
        QVERIFY(grid.tileRect(3, 0).height() < 32);
        int lines = 0;
        QString words;
        for (const auto& b : figureTextBoxes(grid))
            if (QStringLiteral("wrong position").contains(b.text) && b.rect.height() > b.rect.width()) {
                ++lines;
                words += b.text + QLatin1Char(' ');
                QCOMPARE(b.points, 8.0);
            }
        QCOMPARE(lines, 2);
        QVERIFY(words.contains(QStringLiteral("wrong")) && words.contains(QStringLiteral("position")));
    }

    void runnerUpIsUnderlined() {
        // SIE (lower is better) 0.500, 0.750, 1.000, 1.250: best row 0, runner-up row 1.
        GridFigureData d = modelGrid(kTwoColumn);
        QVERIFY(d.rows[0].tiles[3].scores[0].best);
        QVERIFY(!d.rows[0].tiles[3].scores[0].runnerUp);
        QVERIFY(d.rows[1].tiles[3].scores[0].runnerUp);
        QVERIFY(!d.rows[1].tiles[3].scores[0].best);
        QVERIFY(!d.rows[2].tiles[3].scores[0].runnerUp && !d.rows[2].tiles[3].scores[0].best);
        // PSNR (higher is better) 20..23: best row 3, runner-up row 2.
        QVERIFY(d.rows[3].tiles[1].scores[0].best);
        QVERIFY(d.rows[2].tiles[1].scores[0].runnerUp);
        // Ties share a rank: 0.500, 0.500, 0.750 -> two best, the 0.750 runner-up.
        d.rows[1].tiles[3].scores[0].value = 0.5;
        d.rows[2].tiles[3].scores[0].value = 0.75;
        markBestScores(d);
        QVERIFY(d.rows[0].tiles[3].scores[0].best && d.rows[1].tiles[3].scores[0].best);
        QVERIFY(d.rows[2].tiles[3].scores[0].runnerUp);
        // A group of one: neither.
        GridFigureData single = modelGrid(kTwoColumn);
        for (int r = 0; r < 4; ++r) single.rows[std::size_t(r)].group = r;
        markBestScores(single);
        for (const auto& row : single.rows)
            for (const auto& s : row.tiles[3].scores) QVERIFY(!s.best && !s.runnerUp);

        // Drawn: a line of ink just under "SIE 0.750" (row 1), none under "SIE 1.000" (row 2).
        const GridFigure grid(modelGrid(kTwoColumn));
        const double dpi = 288.0;
        const QImage img = renderImage(grid, dpi);
        const auto boxes = figureTextBoxes(grid, dpi);
        auto underInk = [&](const QString& text) {
            for (const auto& b : boxes)
                if (b.text == text) {
                    // The band from the baseline area to 1.5 pt below the ink, over the middle of the text.
                    const QRectF band(b.rect.left() + b.rect.width() * 0.2, b.rect.bottom() + 0.2, b.rect.width() * 0.6, 1.3);
                    return test::inkFraction(img, test::toPixels(band, dpi), 60);
                }
            return -1.0;
        };
        const double under = underInk(QStringLiteral("SIE 0.750")), plain = underInk(QStringLiteral("SIE 1.000"));
        QVERIFY2(under > 0.15, qPrintable(QString::number(under)));
        QVERIFY2(plain >= 0.0 && plain < 0.02, qPrintable(QString::number(plain)));
    }

    void gridTableHasNoBoldForGroupsOfOne() {
        GridFigureData d = modelGrid(kTwoColumn);
        for (int r = 0; r < 4; ++r) d.rows[std::size_t(r)].group = r; // rows by scene: each its own group
        const bench::Table alone = gridTable(d);
        for (const auto& row : bench::emphasis(alone))
            for (const auto e : row) QVERIFY(e == bench::Emphasis::None);
        // One group of four: SIE 0.5 best, 0.75 runner-up (as in the figure).
        const bench::Table together = gridTable(modelGrid(kTwoColumn));
        int sie = -1;
        for (int c = 0; c < int(together.columns.size()); ++c)
            if (together.columns[std::size_t(c)].label == "SIE") sie = c;
        QVERIFY(sie >= 0);
        const auto e = bench::emphasis(together);
        QVERIFY(e[0][std::size_t(sie)] == bench::Emphasis::Best);
        QVERIFY(e[1][std::size_t(sie)] == bench::Emphasis::RunnerUp);
        QVERIFY(e[2][std::size_t(sie)] == bench::Emphasis::None);
    }

    void layoutKeyInSpec() {
        const FigureSpec s = FigureSpec::fromJsonText("{\"kind\": \"bands\", \"layout\": {\"columns\": 2}}", "f.json");
        QCOMPARE(s.layoutColumns, 2);
        QCOMPARE(FigureSpec::fromJson(s.toJson(), "again").layoutColumns, 2);
        QCOMPARE(FigureSpec::fromJsonText("{\"kind\": \"bands\", \"layout\": {\"rows\": 3}}", "f.json").layoutRows, 3);
        auto error = [](const char* json) {
            try {
                FigureSpec::fromJsonText(json, "f.json");
            } catch (const std::exception& e) {
                return QString::fromUtf8(e.what());
            }
            return QString();
        };
        const QString both = error("{\"kind\": \"bands\", \"layout\": {\"rows\": 2, \"columns\": 2}}");
        QVERIFY2(both.contains("f.json") && both.contains("layout") && !both.contains('\n'), qPrintable(both));
        QVERIFY(error("{\"kind\": \"bands\", \"layout\": {\"columns\": 0}}").contains("layout.columns"));
        QVERIFY(error("{\"kind\": \"bands\", \"layout\": {\"columns\": 1.5}}").contains("layout.columns"));
        QVERIFY(error("{\"kind\": \"grid\", \"layout\": {\"columns\": 2}}").contains("layout"));
        QVERIFY(error("{\"kind\": \"bands\", \"model_colours\": {\"a\": \"red\"}}").contains("model_colours.a"));
    }
};

QTEST_MAIN(TestFigureLayout)
#include "test_figure_layout.moc"
