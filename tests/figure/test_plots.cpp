// Plots of benchmark results: the numbers (against values computed by hand from known rows), the
// layout of the rendered PDF / SVG / PNG, and byte-identical renders.
#include "FigureTestSupport.h"

#include "figure/FigureExport.h"
#include "figure/NiceTicks.h"
#include "figure/PlotBuilder.h"
#include "figure/TextBoxes.h"

#include <QSvgRenderer>
#include <QtTest>

using namespace ll;
using namespace ll::figure;

class TestPlots : public QObject {
    Q_OBJECT

    static FigureSpec spec(FigureKind kind) {
        FigureSpec s;
        s.kind = kind;
        s.width = "two-column";
        s.height = "4.5cm";
        s.best = 100; // plain means: the expected values below are easy to check by hand
        return s;
    }
    static BenchResults results() { return BenchResults{{}, test::knownRows(), {}}; }

    static void checkRendered(const Figure& fig, const PlotFigure& plot) {
        // PDF: rasterised by poppler, the page has the figure's size and ink in every plot area.
        const QByteArray pdf = renderPdf(fig);
        QVERIFY(pdf.startsWith("%PDF-"));
        const QImage page = test::rasterisePdf(pdf, 150);
        QVERIFY2(!page.isNull(), "pdftoppm failed");
        // pdftoppm rounds the page size up to whole pixels.
        QCOMPARE(page.width(), int(std::ceil(fig.sizePt().width() / 72.0 * 150)));
        QCOMPARE(page.height(), int(std::ceil(fig.sizePt().height() / 72.0 * 150)));
        for (int i = 0; i < int(plot.data().panels.size()); ++i) {
            const QRect area = test::toPixels(plot.plotArea(i, nullptr), 150);
            const double ink = test::inkFraction(page, area);
            QVERIFY2(ink > 0.01, qPrintable(QStringLiteral("panel %1 is empty (ink %2)").arg(i).arg(ink)));
        }
        // The legend strip above the panels has ink; the far corners stay white.
        QVERIFY(test::inkFraction(page, QRect(0, 0, page.width(), int(page.height() * 0.08))) > 0.001);
        // Fonts are embedded (pdffonts is not needed: the FontFile2 stream is in the file).
        QVERIFY(pdf.contains("/FontFile2"));
        QVERIFY(pdf.contains("DejaVuSans"));
        QVERIFY(!pdf.contains("/DCTDecode"));

        // SVG: parses, has the page size as its viewBox, and keeps text as text.
        const QByteArray svg = renderSvg(fig);
        QSvgRenderer r(svg);
        QVERIFY(r.isValid());
        QCOMPARE(r.viewBoxF(), QRectF(0, 0, fig.sizePt().width(), fig.sizePt().height()));
        for (const auto& panel : plot.data().panels) QVERIFY2(svg.contains(panel.title.section(',', 0, 0).toUtf8()), qPrintable(panel.title));
        QVERIFY(svg.contains("alpha"));
        QVERIFY(svg.contains("DejaVu Sans"));

        // PNG at a chosen DPI.
        const QImage png = QImage::fromData(renderPng(fig, ExportOptions{200.0}));
        QCOMPARE(png.width(), int(std::lround(fig.sizePt().width() / 72.0 * 200)));
        QCOMPARE(png.dotsPerMeterX(), int(std::lround(200 / 0.0254)));

        // Two renders are byte-identical, in every format.
        QCOMPARE(renderPdf(fig), pdf);
        QCOMPARE(renderSvg(fig), svg);
        QCOMPARE(renderPng(fig), renderPng(fig));
    }

private Q_SLOTS:
    void bandsValues() {
        const auto v = computePlotValues(spec(FigureKind::Bands), results(), "test");
        QCOMPARE(int(v.panels.size()), 2); // sie, lfe for task on
        const auto& p = v.panels[0];
        QCOMPARE(p.xKeys, (std::vector<std::string>{"16-100", "6-16"}));
        QCOMPARE(p.models, (std::vector<std::string>{"alpha", "beta", "do_nothing"}));
        QVERIFY(std::fabs(*p.values[0][0] - 0.6) < 1e-12); // mean of 0.5 * (1.0 .. 1.4)
        QVERIFY(std::fabs(*p.values[0][1] - 1.8) < 1e-12);
        QVERIFY(std::fabs(*p.values[1][0] - 1.1) < 1e-12);
        // best 40%: the two lowest of five images
        auto s = spec(FigureKind::Bands);
        s.best = 40;
        const auto b = computePlotValues(s, results(), "test");
        QVERIFY(std::fabs(*b.panels[0].values[0][0] - 0.5 * 1.05) < 1e-12);
    }

    void classesRelativeToBest() {
        auto s = spec(FigureKind::Classes);
        s.metrics = {"sie"};
        s.tasks = {"on", "off"};
        const auto v = computePlotValues(s, results(), "test");
        QCOMPARE(int(v.panels.size()), 2);
        const auto& p = v.panels[0];
        QCOMPARE(p.xKeys, (std::vector<std::string>{"metallic", "probe_shadow"}));
        QCOMPARE(p.models, (std::vector<std::string>{"alpha", "beta"})); // baseline left out by default
        QCOMPARE(*p.values[0][0], 0.0);
        QVERIFY(std::fabs(*p.values[1][0] - (4.4 / 2.4 - 1.0) * 100.0) < 1e-9);
        QVERIFY(std::fabs(*p.values[1][1] - (6.6 / 3.6 - 1.0) * 100.0) < 1e-9);
    }

    void percentileCurve() {
        auto s = spec(FigureKind::Percentiles);
        s.metrics = {"sie"};
        const auto v = computePlotValues(s, results(), "test");
        const auto& p = v.panels[0];
        QCOMPARE(int(p.xValues.size()), 10);
        QVERIFY(std::fabs(*p.values[0][1] - 1.0) < 1e-12);  // best 20% of 5 = 1 image
        QVERIFY(std::fabs(*p.values[0][3] - 1.05) < 1e-12); // best 40% = 2 images
        QVERIFY(std::fabs(*p.values[0][9] - 1.2) < 1e-12);  // all
    }

    void histogramCounts() {
        auto s = spec(FigureKind::Histogram);
        s.metrics = {"sie"};
        s.bins = 4;
        const auto v = computePlotValues(s, results(), "test");
        const auto& p = v.panels[0];
        QCOMPARE(int(p.xValues.size()), 5);
        QCOMPARE(p.xValues.front(), 1.0);
        QVERIFY(std::fabs(p.xValues.back() - 4.4) < 1e-12);
        for (const auto& vals : p.values) {
            double total = 0;
            for (const auto& c : vals) total += *c;
            QCOMPARE(total, 5.0);
        }
    }

    void logAxis() {
        const Ticks wide = logTicks(0.03, 4.0);
        QCOMPARE(wide.lo, 0.01);
        QCOMPARE(wide.hi, 10.0);
        QCOMPARE(wide.values.size(), std::size_t(4)); // decades only over three decades
        const Ticks narrow = logTicks(2.0, 50.0);
        QCOMPARE(narrow.values, (std::vector<double>{1, 2, 5, 10, 20, 50, 100}));
        QVERIFY(logTicks(-1, 0).log && logTicks(-1, 0).lo == 1.0);

        // A point at 10 on a 1..100 log axis sits half way up the plot area.
        PlotFigureData d;
        d.widthPt = 200;
        d.heightPt = 150;
        d.legend = false;
        Panel panel;
        panel.y.log = true;
        Series s;
        s.colour = QColor(255, 0, 0);
        s.x = {0, 1, 2};
        s.y = {1.0, 10.0, 100.0};
        panel.style = SeriesStyle::Scatter;
        panel.series = {s};
        d.panels = {panel};
        const PlotFigure fig(d);
        const double dpi = 144;
        const QImage img = renderImage(fig, dpi);
        const QRect area = test::toPixels(fig.plotArea(0, nullptr), dpi);
        // The middle marker: red pixels in the middle third of the area's width.
        double sumY = 0;
        int n = 0;
        for (int y = std::max(0, area.top() - 10); y <= std::min(img.height() - 1, area.bottom() + 10); ++y)
            for (int x = area.left() + area.width() / 3; x < area.left() + 2 * area.width() / 3; ++x) {
                const QColor c = img.pixelColor(x, y);
                if (c.red() > 200 && c.green() < 80 && c.blue() < 80) sumY += y, ++n;
            }
        QVERIFY(n > 4);
        QVERIFY2(std::fabs(sumY / n - (area.top() + area.bottom()) / 2.0) < 2.0, qPrintable(QString::number(sumY / n)));

        // Through the description: bands with "y_log"; a log axis needs a positive "y_range".
        auto b = spec(FigureKind::Bands);
        b.yLog = true;
        const PlotFigureData bd = plotFigureData(b, computePlotValues(b, results(), "test"));
        QVERIFY(bd.panels[0].y.log);
        QVERIFY(FigureSpec::fromJsonText(b.toJsonText(), "b.json").yLog);
        QVERIFY_THROWS_EXCEPTION(ll::Error, FigureSpec::fromJsonText(R"({"kind": "bands", "y_log": true, "y_range": [0, 5]})", "c.json"));
    }

    // One panel of 200 x 150 pt without legend, for pixel checks.
    static PlotFigureData onePanel(const Panel& panel) {
        PlotFigureData d;
        d.widthPt = 200;
        d.heightPt = 150;
        d.legend = false;
        d.panels = {panel};
        return d;
    }
    // Mean position of the pixels of `img` within `r` that are close to `c`; count in n.
    static QPointF centroidOf(const QImage& img, const QRect& within, const QColor& c, int& n) {
        const QRect r = within.intersected(img.rect());
        double sx = 0, sy = 0;
        n = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) {
                const QColor p = img.pixelColor(x, y);
                if (std::abs(p.red() - c.red()) < 40 && std::abs(p.green() - c.green()) < 40 && std::abs(p.blue() - c.blue()) < 40)
                    sx += x, sy += y, ++n;
            }
        return n ? QPointF(sx / n, sy / n) : QPointF();
    }

    void dataMargin() {
        // Six categories with points and lines: the first sits at 5% of the axis width, the last at
        // 95% (0.05 + 0.9 * 5/5), as matplotlib's default margins put them, not on the axes.
        Panel panel;
        panel.x.categories = {"a", "b", "c", "d", "e", "f"};
        panel.style = SeriesStyle::Scatter;
        Series s;
        s.colour = QColor(255, 0, 0);
        s.x = {0, 1, 2, 3, 4, 5};
        s.y = {1.0, std::nullopt, std::nullopt, std::nullopt, std::nullopt, 3.0};
        panel.series = {s};
        const PlotFigure fig(onePanel(panel));
        const double dpi = 288;
        const QImage img = renderImage(fig, dpi);
        const QRectF a = fig.plotArea(0, nullptr);
        const QRect px = test::toPixels(a, dpi);
        const double scale = dpi / 72.0;
        int n = 0;
        const QPointF first = centroidOf(img, px.adjusted(-20, -20, -px.width() / 2, 20), s.colour, n);
        QVERIFY(n > 4);
        QVERIFY2(std::fabs(first.x() / scale - (a.left() + 0.05 * a.width())) < 0.5, qPrintable(QString::number(first.x() / scale - a.left())));
        const QPointF last = centroidOf(img, px.adjusted(px.width() / 2, -20, 20, 20), s.colour, n);
        QVERIFY(n > 4);
        QVERIFY(std::fabs(last.x() / scale - (a.left() + 0.95 * a.width())) < 0.5);
        // The lowest and highest values are 5% of their span inside the axis range (1 - 0.1 .. 3 + 0.1),
        // so their markers are clear of the bottom axis.
        QVERIFY2(first.y() / scale < a.bottom() - 0.04 * a.height(), qPrintable(QString::number(a.bottom() - first.y() / scale)));
        QVERIFY(last.y() / scale > a.top() + 0.04 * a.height());
        // Numeric x: a series from 10 to 100 (the percentile curves) starts 5% of 90 inside the axis.
        Panel num;
        num.style = SeriesStyle::Scatter;
        Series t = s;
        t.x = {10, 40, 70, 100};
        t.y = {1.0, 2.0, 2.5, 3.0};
        num.series = {t};
        const PlotFigure nfig(onePanel(num));
        const QImage nimg = renderImage(nfig, dpi);
        const QRectF na = nfig.plotArea(0, nullptr);
        const QRect npx = test::toPixels(na, dpi);
        const QPointF nfirst = centroidOf(nimg, npx.adjusted(-20, -20, -npx.width() * 3 / 4, 20), s.colour, n);
        QVERIFY(n > 4);
        QVERIFY(std::fabs(nfirst.x() / scale - (na.left() + 0.05 / 1.1 * na.width())) < 0.5);
    }

    void logTicksAndScale() {
        // 3 .. 150000: whole decades 1e0 .. 1e6, labelled at each, minor ticks at 2..9 x each decade.
        const Ticks t = logTicks(3.0, 150000.0);
        QCOMPARE(t.lo, 1.0);
        QCOMPARE(t.hi, 1e6);
        QCOMPARE(t.values, (std::vector<double>{1, 10, 100, 1000, 1e4, 1e5, 1e6}));
        QCOMPARE(t.minor.size(), std::size_t(6 * 8));
        QCOMPARE(t.minor.front(), 2.0);
        QCOMPARE(t.minor.back(), 9e5);
        // Over two decades 2x and 5x are labelled, so minor ticks skip them.
        QCOMPARE(logTicks(2.0, 50.0).minor, (std::vector<double>{3, 4, 6, 7, 8, 9, 30, 40, 60, 70, 80, 90}));

        // "y_scale": automatic log when the positive values span more than three decades.
        FigureSpec s = spec(FigureKind::Classes);
        QCOMPARE(s.yScale, std::string("auto"));
        QVERIFY(s.logAxis({0.0, 3.0, 150000.0}));  // 3 .. 150000: 4.7 decades (the 0 cannot be shown)
        QVERIFY(!s.logAxis({0.0, 3.0, 2999.0}));   // under three decades
        s.yScale = "linear";
        QVERIFY(!s.logAxis({0.0, 3.0, 150000.0}));
        s.yScale = "log";
        QVERIFY(s.logAxis({1.0, 2.0}));
        const FigureSpec back = FigureSpec::fromJsonText(s.toJsonText(), "c.json");
        QCOMPARE(back.yScale, std::string("log"));
        // Bad values name the file and the key.
        try {
            FigureSpec::fromJsonText(R"({"kind": "classes", "y_scale": "sideways"})", "c.json");
            QFAIL("no error");
        } catch (const ll::Error& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains("c.json") && m.contains("y_scale") && !m.contains('\n'), qPrintable(m));
        }
        QVERIFY_THROWS_EXCEPTION(ll::Error, FigureSpec::fromJsonText(R"({"kind": "bands", "y_log": true, "y_scale": "linear"})", "c.json"));

        // Bars on a log axis: the 0 (the best model of the class) is left out, with a note, and no
        // bar reaches below the axis.
        Panel panel;
        panel.x.categories = {"metallic", "mirror"};
        panel.style = SeriesStyle::Bars;
        panel.y.log = true;
        Series b;
        b.name = QStringLiteral("alpha");
        b.colour = QColor(255, 0, 0);
        b.x = {0, 1};
        b.y = {0.0, 150000.0};
        Series c = b;
        c.name = QStringLiteral("beta");
        c.colour = QColor(0, 0, 255);
        c.y = {3.0, 0.0};
        panel.series = {b, c};
        const PlotFigure fig(onePanel(panel));
        bool note = false;
        for (const auto& box : figureTextBoxes(fig)) note |= box.text == QStringLiteral("2 values \u2264 0 not shown (log axis)");
        QVERIFY(note);
        const double dpi = 144;
        const QImage img = renderImage(fig, dpi);
        const QRect px = test::toPixels(fig.plotArea(0, nullptr), dpi);
        int n = 0;
        centroidOf(img, QRect(px.left(), px.bottom() + 3, px.width(), 40), b.colour, n);
        QCOMPARE(n, 0); // nothing red under the axis
        centroidOf(img, QRect(px.left(), px.top(), px.width() / 2, px.height()), b.colour, n);
        QCOMPARE(n, 0); // alpha's first bar (0) is not drawn
        centroidOf(img, QRect(px.left() + px.width() / 2, px.top(), px.width() / 2, px.height()), b.colour, n);
        QVERIFY(n > 20); // its second (150000) is
    }

    void seriesWithoutValuesHasNoLegendEntry() {
        Panel panel;
        panel.x.categories = {"16-100", "6-16"};
        Series a;
        a.name = QStringLiteral("alpha");
        a.x = {0, 1};
        a.y = {1.0, 2.0};
        Series g = a;
        g.name = QStringLiteral("gamma");
        g.y = {std::nullopt, std::nullopt};
        panel.series = {a, g};
        PlotFigureData d = onePanel(panel);
        d.legend = true;
        const PlotFigure fig(d);
        int alpha = 0, gamma = 0;
        for (const auto& box : figureTextBoxes(fig)) alpha += box.text == a.name, gamma += box.text == g.name;
        QCOMPARE(alpha, 1);
        QCOMPARE(gamma, 0);
        // On a log axis, a series of only zeros draws nothing either.
        d.panels[0].y.log = true;
        d.panels[0].series[1].y = {0.0, 0.0};
        QVERIFY(!seriesDrawn(d.panels[0], d.panels[0].series[1]));
        QVERIFY(seriesDrawn(d.panels[0], d.panels[0].series[0]));
    }

    void histogramSeriesAllVisible() {
        // Three models with the same counts in the same bins: each outline still shows its colour.
        Panel panel;
        panel.style = SeriesStyle::Steps;
        const std::vector<QColor> colours{QColor(230, 0, 0), QColor(0, 170, 0), QColor(0, 0, 230)};
        for (const auto& colour : colours) {
            Series s;
            s.name = colour.name();
            s.colour = colour;
            s.x = {0, 1, 2, 3};
            s.y = {5.0, 8.0, 2.0};
            panel.series.push_back(s);
        }
        const PlotFigure fig(onePanel(panel));
        const double dpi = 288;
        const QImage img = renderImage(fig, dpi);
        const QRect px = test::toPixels(fig.plotArea(0, nullptr), dpi).adjusted(-10, -10, 10, 10);
        for (const auto& colour : colours) {
            int n = 0;
            centroidOf(img, px, colour, n);
            QVERIFY2(n > 200, qPrintable(colour.name() + QStringLiteral(": %1 pixels").arg(n)));
        }
        // No fill: the middle of the tallest bin, well under its top, is white paper.
        const QRectF a = fig.plotArea(0, nullptr);
        const QPointF inside(a.left() + a.width() / 2.0, a.bottom() - a.height() * 0.3);
        QCOMPARE(img.pixelColor(int(inside.x() * dpi / 72.0), int(inside.y() * dpi / 72.0)), QColor(Qt::white));
    }

    void titleDropsTheRepeatedYLabel() {
        auto panelOf = [](const QString& title, const QString& y) {
            Panel p;
            p.title = title;
            p.y.label = y;
            p.x.categories = {"a", "b"};
            Series s;
            s.x = {0, 1};
            s.y = {1.0, 2.0};
            p.series = {s};
            return p;
        };
        PlotFigureData d = onePanel(panelOf("SIE, turn-on", "SIE"));
        d.widthPt = 400;
        d.panels.push_back(panelOf("LFE, turn-off", "LFE"));
        const PlotFigure both(d);
        QCOMPARE(both.data().panels[0].title, QStringLiteral("turn-on"));
        QCOMPARE(both.data().panels[1].title, QStringLiteral("turn-off"));
        QCOMPARE(both.data().panels[0].y.label, QStringLiteral("SIE"));
        // A title that is only the label is dropped.
        QCOMPARE(PlotFigure(onePanel(panelOf("SIE", "SIE"))).data().panels[0].title, QString());
        // Titles that say more stay, and so do all titles of a figure where one does not repeat its label.
        QCOMPARE(PlotFigure(onePanel(panelOf("relative SIE increase over the best", "relative SIE increase"))).data().panels[0].title,
                 QStringLiteral("relative SIE increase over the best"));
        QCOMPARE(PlotFigure(onePanel(panelOf("SIE1", "SIE"))).data().panels[0].title, QStringLiteral("SIE1"));
        d.panels[1] = panelOf("LFE per class", "relative LFE");
        QCOMPARE(PlotFigure(d).data().panels[0].title, QStringLiteral("SIE, turn-on"));
        // Through the builder: the bands plot of two tasks titles its panels by task.
        auto b = spec(FigureKind::Bands);
        b.tasks = {"on", "off"};
        const PlotFigure bands(plotFigureData(b, computePlotValues(b, results(), "test")));
        QCOMPARE(bands.data().panels[0].title, QStringLiteral("turn-on"));
        QCOMPARE(bands.data().panels[0].y.label, QStringLiteral("SIE"));
    }

    void unknownModelIsAnError() {
        auto s = spec(FigureKind::Bands);
        s.models = {"gamma"};
        QVERIFY_THROWS_EXCEPTION(ll::Error, computePlotValues(s, results(), "spec.json"));
    }

    void renderEachKind_data() {
        QTest::addColumn<int>("kind");
        QTest::newRow("bands") << int(FigureKind::Bands);
        QTest::newRow("classes") << int(FigureKind::Classes);
        QTest::newRow("percentiles") << int(FigureKind::Percentiles);
        QTest::newRow("histogram") << int(FigureKind::Histogram);
    }
    void renderEachKind() {
        QFETCH(int, kind);
        const auto s = spec(FigureKind(kind));
        const auto values = computePlotValues(s, results(), "test");
        const PlotFigure fig(plotFigureData(s, values));
        checkRendered(fig, fig);
    }
};

QTEST_MAIN(TestPlots)
#include "test_plots.moc"
