// Layout of the new grid kinds, checked on the text they draw (figure/TextBoxes.h): difference columns
// with their shared signed colour bar, band and annotation keys, highlight boxes, models as columns
// (bars and keys one per column, an error when there are more than columns), the mosaic, and the
// classes plot with absolute values — no overlapping text and all inside the page at one- and
// two-column widths.
#include "FigureChecks.h"
#include "FigureTestSupport.h"

#include "figure/FigureExport.h"
#include "figure/GridFigure.h"
#include "figure/GridTranspose.h"
#include "figure/PlotBuilder.h"
#include "figure/TextBoxes.h"
#include "util/Error.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

constexpr double kOneColumn = 241.0;
constexpr double kTwoColumn = 505.0;

QImage tileImage(int w, int h, int seed) {
    QImage img(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) img.setPixel(x, y, qRgb((x * 255 / w + seed * 40) % 256, y * 255 / h, 90));
    return img;
}

CategoryKey bandKey() {
    CategoryKey k;
    for (const char* t : {"16–100%", "6–16%", "3–6%", "2–3%", "1–2%", "0–1%", "no band"}) k.entries.push_back({QString::fromUtf8(t), QColor(0x80, 0x40, 0x20)});
    return k;
}

CategoryKey classKey() {
    CategoryKey k;
    for (const char* t : {"ambient highlight", "ambient shadow", "metallic", "probe highlight", "probe shadow"})
        k.entries.push_back({QString::fromUtf8(t), QColor(0x20, 0x80, 0x40)});
    return k;
}

// Four rows (models) of: real on, real off, real on - off, edit - input (signed, one bar over both,
// which covers every pixel), SIE map (its own bar, where pixels can be excluded), bands, annotations.
GridFigureData kindsGrid(double width, int rows = 4) {
    GridFigureData d;
    d.widthPt = width;
    d.dpi = 72;
    d.columns = {{QStringLiteral("Real on"), -1, -1},         {QStringLiteral("Real off"), -1, -1},
                 {QStringLiteral("Real on \u2212 off"), 0, -1}, {QStringLiteral("Edit \u2212 input"), 0, -1},
                 {QStringLiteral("SIE map"), 1, -1},         {QStringLiteral("Intensity bands"), -1, 0},
                 {QStringLiteral("Annotations"), -1, 1}};
    ColourBar diff{QStringLiteral("k (I^{on} \u2212 I^{off})"), ColourMapKind::Diverging, {-0.42, 0.42}, {}};
    diff.coversAll = true;
    d.colourBars = {diff, {QStringLiteral("S(E_R) \u2212 S(E_G)"), ColourMapKind::Diverging, {-2.8, 2.8}, {}}};
    d.categoryKeys = {bandKey(), classKey()};
    const QStringList labels{QStringLiteral("oracle"), QStringLiteral("dim light"), QStringLiteral("no shadow"),
                             QStringLiteral("wrong position"), QStringLiteral("do nothing"), QStringLiteral("flat")};
    for (int r = 0; r < rows; ++r) {
        GridRow row;
        row.label = labels[r % labels.size()];
        row.tiles.resize(d.columns.size());
        for (std::size_t c = 0; c < d.columns.size(); ++c) row.tiles[c].image = tileImage(120, 80, r + int(c));
        row.tiles[3].scores = {{QStringLiteral("PSNR"), 20.0 + r, false, 2}, {QStringLiteral("LPIPS"), 0.3 - 0.01 * r, true, 3}};
        row.tiles[4].scores = {{QStringLiteral("SIE"), 0.5 + 0.25 * r, true, 3}};
        d.rows.push_back(row);
    }
    markBestScores(d);
    return d;
}

std::vector<QString> modelNames(int n) {
    std::vector<QString> out;
    for (int i = 0; i < n; ++i) out.push_back(QStringLiteral("model %1").arg(i + 1));
    return out;
}

} // namespace

class TestFigureKindsLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindsGridTextFits_data() {
        QTest::addColumn<double>("width");
        QTest::newRow("one-column") << kOneColumn;
        QTest::newRow("two-column") << kTwoColumn;
    }
    void kindsGridTextFits() {
        QFETCH(double, width);
        const GridFigure grid(kindsGrid(width));
        const QString problem = test::textProblems(grid, 5.0);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // Every key entry is drawn (wrapped lines count by their words).
        QString all;
        for (const auto& b : figureTextBoxes(grid)) all += b.text + QLatin1Char(' ');
        for (const char* word : {"16–100%", "0–1%", "no", "band", "metallic", "probe", "shadow"})
            QVERIFY2(all.contains(QString::fromUtf8(word)), word);
    }

    void excludedSwatchSkipsBarsThatCoverEveryPixel() {
        // The difference bar (index 0) covers every pixel: the black "excluded" key belongs under the
        // SIE bar (column 4), not under the difference columns 2-3.
        const GridFigure grid(kindsGrid(kTwoColumn));
        int found = 0;
        for (const auto& b : figureTextBoxes(grid))
            if (b.text == QStringLiteral("excluded")) {
                ++found;
                QVERIFY(b.rect.center().x() > grid.tileRect(0, 4).left() - 2.0);
                QVERIFY(b.rect.center().x() < grid.tileRect(0, 4).right() + 2.0);
            }
        QCOMPARE(found, 1);
        // With only bars that cover every pixel, none.
        GridFigureData d = kindsGrid(kTwoColumn);
        d.columns[4].colourBar = -1;
        int none = 0;
        for (const auto& b : figureTextBoxes(GridFigure(d))) none += b.text == QStringLiteral("excluded");
        QCOMPARE(none, 0);
    }

    void highlightBoxSurroundsItsTile() {
        GridFigureData d = kindsGrid(kTwoColumn);
        d.highlights = {{2, 3, QColor(0, 0x72, 0xb2)}};
        const GridFigure grid(d);
        const double dpi = 288.0, s = dpi / 72.0;
        const QImage img = renderImage(grid, dpi);
        const QRectF t = grid.tileRect(2, 3);
        // The 1 pt line lies just outside the tile, in the 2 pt gaps: sample 0.5 pt outside each edge.
        auto at = [&](double x, double y) { return QColor(img.pixel(int(x * s), int(y * s))); };
        auto isBlue = [](const QColor& c) { return c.red() < 40 && std::abs(c.green() - 0x72) < 40 && std::abs(c.blue() - 0xb2) < 40; };
        QVERIFY(isBlue(at(t.left() - 0.5, t.center().y())));
        QVERIFY(isBlue(at(t.right() + 0.5, t.center().y())));
        QVERIFY(isBlue(at(t.center().x(), t.top() - 0.5)));
        QVERIFY(isBlue(at(t.center().x(), t.bottom() + 0.5)));
        // Not around the tile below, nor over the middle of its own tile.
        const QRectF below = grid.tileRect(3, 3);
        QVERIFY(!isBlue(at(below.left() - 0.5, below.center().y())));
        QVERIFY(!isBlue(at(t.center().x(), t.center().y())));
        // The scores under the highlighted tile still fit.
        QVERIFY2(test::textProblems(grid, 5.0).isEmpty(), qPrintable(test::textProblems(grid, 5.0)));
        // A highlight outside the grid is an error, not a crash.
        d.highlights = {{4, 0, {}}};
        QVERIFY_THROWS_EXCEPTION(ll::Error, GridFigure{d});
    }

    void modelsAsColumnsTextFits_data() {
        QTest::addColumn<double>("width");
        QTest::addColumn<int>("scenes");
        QTest::newRow("one-column, one scene") << kOneColumn << 1;
        QTest::newRow("one-column, two scenes") << kOneColumn << 2;
        QTest::newRow("two-column, two scenes") << kTwoColumn << 2;
    }
    void modelsAsColumnsTextFits() {
        QFETCH(double, width);
        QFETCH(int, scenes);
        // Four models of each scene as rows, then regrouped: 4 bars + keys need 4 columns, there are 4.
        const GridFigureData rowsByModel = kindsGrid(width, 4 * scenes);
        std::vector<QString> groups;
        for (int g = 0; g < scenes; ++g) groups.push_back(QStringLiteral("scene %1").arg(g));
        const GridFigureData t = modelsAsColumns(rowsByModel, modelNames(4), groups, "fig.json");
        QCOMPARE(int(t.columns.size()), 4);
        QCOMPARE(int(t.rows.size()), 7 * scenes);
        // Tile (scene g, kind k, model m) is the old (row g*4+m, column k): the same image.
        QCOMPARE(t.rows[std::size_t(scenes * 7 - 1)].tiles[2].image, rowsByModel.rows[std::size_t((scenes - 1) * 4 + 2)].tiles[6].image);
        // The scores and their marks travel with the tile: SIE 0.5 of model 1 stays bold.
        QVERIFY(t.rows[4].tiles[0].scores.at(0).best);
        QCOMPARE(t.columns[0].colourBar, 0);
        QCOMPARE(t.columns[1].colourBar, 1);
        QCOMPARE(t.columns[2].categoryKey, 0);
        QCOMPARE(t.columns[3].categoryKey, 1);
        const GridFigure grid(t);
        const QString problem = test::textProblems(grid, 5.0);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void tooManyBarsForTheModelsIsAnError() {
        const GridFigureData d = kindsGrid(kTwoColumn, 3); // 2 bars + 2 keys, 3 models
        try {
            modelsAsColumns(d, modelNames(3), {QStringLiteral("scene")}, "fig.json");
            QFAIL("no error");
        } catch (const ll::Error& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.startsWith("fig.json") && m.contains("orientation") && m.contains('4') && m.contains('3') && !m.contains('\n'), qPrintable(m));
        }
    }

    void mosaicTextFits_data() {
        QTest::addColumn<double>("width");
        QTest::newRow("one-column") << kOneColumn;
        QTest::newRow("two-column") << kTwoColumn;
    }
    void mosaicTextFits() {
        QFETCH(double, width);
        // Eight scenes of five models, one image each: rows are scenes, columns models.
        GridFigureData d;
        d.widthPt = width;
        d.dpi = 72;
        d.columns = {{QStringLiteral("Edit"), -1, -1}};
        std::vector<QString> scenes;
        for (int g = 0; g < 8; ++g) {
            scenes.push_back(QStringLiteral("scene_%1").arg(g, 3, 10, QLatin1Char('0')));
            for (int m = 0; m < 5; ++m) {
                GridRow r;
                r.label = QStringLiteral("m");
                r.tiles.resize(1);
                r.tiles[0].image = tileImage(90, 60, g + m);
                d.rows.push_back(r);
            }
        }
        const std::vector<QString> models{QStringLiteral("oracle"), QStringLiteral("dim light"), QStringLiteral("no shadow"),
                                          QStringLiteral("wrong position"), QStringLiteral("do nothing")};
        const GridFigure grid(modelsAsColumns(d, models, scenes, "m.json"));
        QCOMPARE(grid.data().rows.size(), std::size_t(8));
        QCOMPARE(grid.data().columns.size(), std::size_t(5));
        QCOMPARE(grid.data().rows[3].label, QStringLiteral("scene_003"));
        QCOMPARE(grid.data().columns[3].title, QStringLiteral("wrong position"));
        const QString problem = test::textProblems(grid, 5.0);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(grid.sizePt().width() <= width + 1e-9);
        // Tiles keep the images' aspect and do not overlap.
        QVERIFY(std::fabs(grid.tileRect(0, 0).height() / grid.tileRect(0, 0).width() - 60.0 / 90.0) < 1e-9);
        QVERIFY(grid.tileRect(0, 1).left() > grid.tileRect(0, 0).right());
        QVERIFY(grid.tileRect(1, 0).top() > grid.tileRect(0, 0).bottom());
    }

    void classesAbsoluteValues_data() {
        QTest::addColumn<double>("width");
        QTest::newRow("one-column") << kOneColumn;
        QTest::newRow("two-column") << kTwoColumn;
    }
    void classesAbsoluteValues() {
        QFETCH(double, width);
        // knownRows: turn-on SIE = base + 0.1 s (s = 0..4), metallic SIE = 2 SIE. Mean over all images
        // (best = 100): alpha 2 (1.0 + 0.2) = 2.4, beta 2 (2.0 + 0.2) = 4.4; relative: beta 4.4 / 2.4 - 1.
        FigureSpec spec;
        spec.kind = FigureKind::Classes;
        spec.metrics = {"sie"};
        spec.best = 100;
        spec.classes = {"metallic"};
        spec.width = QString::number(width).toStdString() + "pt";
        const BenchResults results{{}, test::knownRows(), {}};
        const PlotValues relative = computePlotValues(spec, results, "f");
        QVERIFY(std::fabs(*relative.panels[0].values[1][0] - (4.4 / 2.4 - 1.0) * 100.0) < 1e-9);
        spec.values = "absolute";
        const PlotValues absolute = computePlotValues(spec, results, "f");
        QCOMPARE(absolute.panels[0].models.at(0), std::string("alpha"));
        QVERIFY(std::fabs(*absolute.panels[0].values[0][0] - 2.4) < 1e-9);
        QVERIFY(std::fabs(*absolute.panels[0].values[1][0] - 4.4) < 1e-9);
        QVERIFY(absolute.panels[0].ySuffix.isEmpty());
        // Its table is plain numbers, not percentages.
        const bench::Table t = plotTable(spec, absolute);
        QCOMPARE(t.rows[0].cells[0].value.value(), 2.4);
        QVERIFY(t.columns[0].format == bench::CellFormat::Fixed);
        spec.classes.clear();
        spec.tasks = {"on", "off"};
        spec.metrics = {"sie", "lfe"};
        const PlotFigure fig(plotFigureData(spec, computePlotValues(spec, results, "f")));
        const QString problem = test::textProblems(fig, 5.0);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
};

QTEST_MAIN(TestFigureKindsLayout)
#include "test_figure_kinds_layout.moc"
