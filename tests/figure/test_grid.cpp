// The grid composer from in-memory tiles: layout (every tile and inset has content where the layout
// says), colour maps (signed values, excluded pixels black, symmetric percentile range), best scores
// in bold, the PDF date fix, and byte-identical renders.
#include "FigureTestSupport.h"

#include "figure/ColourMap.h"
#include "figure/FigureExport.h"
#include "figure/GridFigure.h"
#include "figure/PdfDeterminism.h"
#include "util/Error.h"

#include <QSvgRenderer>
#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

// Incompressible content, so the size of a lossless PDF follows the pixel count.
QImage noiseImage(int w, int h) {
    QImage img(w, h, QImage::Format_RGB32);
    std::uint32_t s = 12345;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            s = s * 1664525u + 1013904223u;
            img.setPixel(x, y, qRgb(int(s >> 24), int((s >> 16) & 255), int((s >> 8) & 255)));
        }
    return img;
}

QImage gradientImage(int w, int h, int seed) {
    QImage img(w, h, QImage::Format_RGB32);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) img.setPixel(x, y, qRgb((x * 255 / w + seed * 40) % 256, y * 255 / h, 90));
    return img;
}

FloatPlane ramp(int w, int h) {
    FloatPlane p(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) p(x, y) = float(x - w / 2) / float(w / 2); // -1 .. 1
    return p;
}

GridFigureData sampleGrid(bool insetsBeside) {
    GridFigureData d;
    d.widthPt = 505;
    d.dpi = 150;
    d.columns = {{QStringLiteral("Input"), -1, -1}, {QStringLiteral("Edit"), -1, -1}, {QStringLiteral("SIE map"), 0, -1}};
    ColourBar bar;
    bar.label = QStringLiteral("S(E_R) - S(E_G)");
    bar.range = {-1.0, 1.0};
    d.colourBars.push_back(bar);
    Mask valid(120, 80, 1);
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 120; ++x) valid(x, y) = 0;
    for (int r = 0; r < 2; ++r) {
        GridRow row;
        row.label = r == 0 ? QStringLiteral("Model A") : QStringLiteral("Model B");
        row.tiles.resize(3);
        row.tiles[0].image = gradientImage(120, 80, 0);
        row.tiles[1].image = gradientImage(120, 80, r + 1);
        row.tiles[2].image = colourMapImage(ramp(120, 80), &valid, ColourMapKind::Diverging, {-1.0, 1.0});
        row.tiles[2].scores = {{QStringLiteral("SIE"), r == 0 ? 0.5 : 0.75, true, 3, false}};
        d.rows.push_back(row);
    }
    d.insets = {{QRectF(0.1, 0.5, 0.2, 0.3), QColor()}, {QRectF(0.6, 0.3, 0.25, 0.25), QColor()}};
    d.insetPlacement = insetsBeside ? InsetPlacement::Beside : InsetPlacement::Inside;
    return d;
}

} // namespace

class TestGrid : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void colourMapConventions() {
        FloatPlane p(3, 1);
        p(0, 0) = -2.0f;
        p(1, 0) = 0.0f;
        p(2, 0) = 2.0f;
        Mask m(3, 1, 1);
        const QImage img = colourMapImage(p, &m, ColourMapKind::Diverging, {-2.0, 2.0});
        QVERIFY(qBlue(img.pixel(0, 0)) > qRed(img.pixel(0, 0)));  // negative: blue
        QVERIFY(qRed(img.pixel(2, 0)) > qBlue(img.pixel(2, 0)));  // positive: red
        QVERIFY(qRed(img.pixel(1, 0)) > 230 && qGreen(img.pixel(1, 0)) > 230); // zero: near white
        m(2, 0) = 0;
        QCOMPARE(colourMapImage(p, &m, ColourMapKind::Diverging, {-2.0, 2.0}).pixel(2, 0), qRgb(0, 0, 0)); // excluded: black
        p(1, 0) = std::numeric_limits<float>::quiet_NaN();
        QCOMPARE(colourMapImage(p, nullptr, ColourMapKind::Diverging, {-2.0, 2.0}).pixel(1, 0), qRgb(0, 0, 0));
    }

    void symmetricRangeIsThePercentileOfAbs() {
        FloatPlane p(101, 1);
        for (int i = 0; i <= 100; ++i) p(i, 0) = float(i % 2 ? i : -i); // |v| = 0..100
        QCOMPARE(symmetricExtent(p, nullptr, 99.0), 99.0);
        QCOMPARE(symmetricExtent(p, nullptr, 50.0), 50.0);
        Mask m(101, 1, 0);
        m(10, 0) = 1;
        QCOMPARE(symmetricExtent(p, &m, 99.0), 10.0);
        QCOMPARE(symmetricExtent(FloatPlane(4, 4, 0.0f), nullptr, 99.0), 1.0); // all zero: unit range
    }

    void bestScoreIsBoldPerGroup() {
        GridFigureData d = sampleGrid(true);
        markBestScores(d);
        QVERIFY(d.rows[0].tiles[2].scores[0].best);
        QVERIFY(!d.rows[1].tiles[2].scores[0].best);
        d.rows[1].group = 1; // alone in its group: no bold anywhere
        markBestScores(d);
        QVERIFY(!d.rows[0].tiles[2].scores[0].best);
        QVERIFY(!d.rows[1].tiles[2].scores[0].best);
    }

    void layoutAndContent_data() {
        QTest::addColumn<bool>("beside");
        QTest::newRow("insets beside") << true;
        QTest::newRow("insets inside") << false;
    }
    void layoutAndContent() {
        QFETCH(bool, beside);
        GridFigureData d = sampleGrid(beside);
        markBestScores(d);
        const GridFigure fig(d);
        QCOMPARE(fig.sizePt().width(), 505.0);
        const QImage page = test::rasterisePdf(renderPdf(fig), 144);
        QVERIFY(!page.isNull());
        QCOMPARE(page.width(), 1010);
        QCOMPARE(page.height(), int(std::ceil(fig.sizePt().height() * 2)));
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 3; ++c) {
                const QRectF t = fig.tileRect(r, c);
                QVERIFY(t.right() <= 505.0 && t.bottom() <= fig.sizePt().height());
                QVERIFY2(test::inkFraction(page, test::toPixels(t, 144)) > 0.9, "tile without content");
                if (beside) {
                    // The magnified crops sit right of the tile, inside the page.
                    const QRectF panel(t.right() + 2.0, t.top() + 1.0, 4.0, t.height() * 0.4);
                    QVERIFY2(test::inkFraction(page, test::toPixels(panel, 144)) > 0.9, "inset panel missing");
                }
                if (c > 0) QVERIFY(fig.tileRect(r, c).left() > fig.tileRect(r, c - 1).right());
            }
        // Excluded rows of the SIE map are black in the PDF.
        const QRectF map = fig.tileRect(0, 2);
        const QRect top = test::toPixels(QRectF(map.left() + map.width() * 0.4, map.top() + 2, 6, 3), 144);
        const QRgb px = page.pixel(top.center());
        QVERIFY2(qRed(px) < 40 && qGreen(px) < 40 && qBlue(px) < 40, "excluded pixels are not black");

        const QByteArray svg = renderSvg(fig);
        QSvgRenderer svgr(svg);
        QVERIFY(svgr.isValid());
        QCOMPARE(svgr.viewBoxF(), QRectF(QPointF(0, 0), fig.sizePt()));
        for (const char* text : {"Input", "Edit", "SIE map", "Model A", "0.500", "excluded"}) QVERIFY2(svg.contains(text), text);
        QCOMPARE(renderPdf(fig), renderPdf(fig));
        QCOMPARE(renderSvg(fig), svg);
        QCOMPARE(renderPng(fig), renderPng(fig));
    }

    void tilesEmbeddedAtTheChosenDpi() {
        GridFigureData d = sampleGrid(false);
        d.insets.clear();
        for (auto& row : d.rows)
            for (auto& t : row.tiles) t.image = noiseImage(1500, 1000);
        d.dpi = 100;
        const QByteArray low = renderPdf(GridFigure(d));
        d.dpi = 300;
        const QByteArray high = renderPdf(GridFigure(d));
        // Lossless tiles: the 300 dpi file carries about nine times the pixels.
        QVERIFY(high.size() > 4 * low.size());
        QVERIFY(!high.contains("/DCTDecode"));
    }

    void badDataIsAnError() {
        GridFigureData d = sampleGrid(true);
        d.rows[0].tiles.pop_back();
        QVERIFY_THROWS_EXCEPTION(ll::Error, GridFigure{d});
        d = sampleGrid(true);
        d.insets[0].rect = QRectF(0.9, 0.9, 0.5, 0.5);
        QVERIFY_THROWS_EXCEPTION(ll::Error, GridFigure{d});
        d = sampleGrid(true);
        d.widthPt = 40;
        QVERIFY_THROWS_EXCEPTION(ll::Error, GridFigure{d});
    }

    void pdfDateFix() {
        // A minimal PDF as Qt writes it: Info dictionary with a date, then the xref table.
        auto makePdf = [](const QByteArray& date) {
            QByteArray pdf = "%PDF-1.4\n";
            QList<int> offsets;
            offsets << pdf.size();
            pdf += "1 0 obj\n<<\n/Producer (Qt)\n/CreationDate (" + date + ")\n>>\nendobj\n";
            offsets << pdf.size();
            pdf += "2 0 obj\n<< /Type /Catalog >>\nendobj\n";
            const int xref = int(pdf.size());
            pdf += "xref\n0 3\n0000000000 65535 f \n";
            for (int o : offsets) pdf += QByteArray::number(o).rightJustified(10, '0') + " 00000 n \n";
            pdf += "trailer\n<< /Size 3 /Info 1 0 R /Root 2 0 R >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
            return pdf;
        };
        const QByteArray fixedDate = "D:20000101000000Z";
        QCOMPARE(fixPdfCreationDate(makePdf("D:20261129210626Z"), fixedDate), makePdf(fixedDate));
        // A local-time date is longer: offsets after it move, and the result is again the canonical file.
        QCOMPARE(fixPdfCreationDate(makePdf("D:20261129210626+01'00'"), fixedDate), makePdf(fixedDate));
        // The date itself: the fixed one without SOURCE_DATE_EPOCH, else that moment (1700000000 s is
        // 2023-11-14 22:13:20 UTC); the caller's SOURCE_DATE_EPOCH is restored afterwards.
        const QByteArray savedEpoch = qgetenv("SOURCE_DATE_EPOCH");
        const bool hadEpoch = qEnvironmentVariableIsSet("SOURCE_DATE_EPOCH");
        qunsetenv("SOURCE_DATE_EPOCH");
        const QByteArray unset = fixedPdfDate();
        qputenv("SOURCE_DATE_EPOCH", "1700000000");
        const QByteArray epoch = fixedPdfDate();
        qputenv("SOURCE_DATE_EPOCH", "not a number");
        const QByteArray invalid = fixedPdfDate();
        if (hadEpoch) qputenv("SOURCE_DATE_EPOCH", savedEpoch);
        else qunsetenv("SOURCE_DATE_EPOCH");
        QCOMPARE(unset, fixedDate);
        QCOMPARE(epoch, QByteArray("D:20231114221320Z"));
        QCOMPARE(invalid, fixedDate);
    }
};

QTEST_MAIN(TestGrid)
#include "test_grid.moc"
