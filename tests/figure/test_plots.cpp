// Plots of benchmark results: the numbers (against values computed by hand from known rows), the
// layout of the rendered PDF / SVG / PNG, and byte-identical renders.
#include "FigureTestSupport.h"

#include "figure/FigureExport.h"
#include "figure/NiceTicks.h"
#include "figure/PlotBuilder.h"

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
        for (int y = area.top() - 10; y <= area.bottom() + 10; ++y)
            for (int x = area.left() + area.width() / 3; x < area.left() + 2 * area.width() / 3; ++x) {
                const QColor c = img.pixelColor(x, y);
                if (c.red() > 200 && c.green() < 80 && c.blue() < 80) sumY += y, ++n;
            }
        QVERIFY(n > 4);
        QVERIFY2(std::fabs(sumY / n - (area.top() + area.bottom()) / 2.0) < 2.0, qPrintable(QString::number(sumY / n)));

        // Through the description: bands with "y_log"; the classes plot refuses it.
        auto b = spec(FigureKind::Bands);
        b.yLog = true;
        const PlotFigureData bd = plotFigureData(b, computePlotValues(b, results(), "test"));
        QVERIFY(bd.panels[0].y.log);
        QVERIFY(FigureSpec::fromJsonText(b.toJsonText(), "b.json").yLog);
        QVERIFY_THROWS_EXCEPTION(ll::Error, FigureSpec::fromJsonText(R"({"kind": "classes", "y_log": true})", "c.json"));
        QVERIFY_THROWS_EXCEPTION(ll::Error, FigureSpec::fromJsonText(R"({"kind": "bands", "y_log": true, "y_range": [0, 5]})", "c.json"));
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
