// Output options of figures: PDF font subsets carry a six-letter subset tag (checked by parsing the file
// and with poppler's pdffonts), photographs may be embedded as JPEG while data maps stay lossless
// (checked with pdfimages), tiles can be embedded above the page dpi or at their native pixels,
// histogram counts get whole-number ticks, and the model palette has 3:1 contrast against white.
#include "FigureTestSupport.h"

#include "figure/BenchResults.h"
#include "figure/ColourMap.h"
#include "figure/FigureExport.h"
#include "figure/FigureSpec.h"
#include "figure/GridFigure.h"
#include "figure/ModelStyle.h"
#include "figure/NiceTicks.h"
#include "figure/PdfFontTags.h"
#include "figure/PlotBuilder.h"
#include "figure/PlotFigure.h"
#include "util/Error.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace ll;
using namespace ll::figure;

namespace {

// A smooth picture with some texture: what a photograph compresses like.
QImage photoImage(int w, int h, int seed) {
    QImage img(w, h, QImage::Format_RGB32);
    std::uint32_t s = 777u + std::uint32_t(seed);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            s = s * 1664525u + 1013904223u;
            const int n = int(s >> 29); // 0..7
            img.setPixel(x, y, qRgb((x * 200 / w + seed * 30 + n) % 256, (y * 180 / h + n) % 256, (90 + x * y / (w + h) + n) % 256));
        }
    return img;
}

FloatPlane ramp(int w, int h) {
    FloatPlane p(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) p(x, y) = float(x - w / 2) / float(w / 2);
    return p;
}

// Two rows of input, edit (photographs) and an error map (data), with one inset beside each tile.
GridFigureData photoGrid(bool jpeg, int quality = 90) {
    GridFigureData d;
    d.widthPt = 360;
    d.dpi = 150;
    d.columns = {{QStringLiteral("Input"), -1, -1, true}, {QStringLiteral("Edit"), -1, -1, true}, {QStringLiteral("SIE map"), 0, -1, false}};
    ColourBar bar;
    bar.label = QStringLiteral("S(E_R) - S(E_G)");
    bar.range = {-1.0, 1.0};
    d.colourBars.push_back(bar);
    for (int r = 0; r < 2; ++r) {
        GridRow row;
        row.label = r == 0 ? QStringLiteral("Model A") : QStringLiteral("Model B");
        row.tiles.resize(3);
        row.tiles[0].image = photoImage(300, 200, 2 * r);
        row.tiles[1].image = photoImage(300, 200, 2 * r + 1);
        row.tiles[2].image = colourMapImage(ramp(300, 200), nullptr, ColourMapKind::Diverging, {-1.0, 1.0});
        row.tiles[2].scores = {{QStringLiteral("SIE"), r == 0 ? 0.5 : 0.75, true, 3, false}};
        d.rows.push_back(row);
    }
    d.insets = {{QRectF(0.1, 0.5, 0.3, 0.3), QColor()}};
    d.jpegPhotos = jpeg;
    d.jpegQuality = quality;
    markBestScores(d); // Model A's score in bold: a second font
    return d;
}

// One column of one photograph, `source` pixels wide (3:2).
GridFigureData singleTile(double widthPt, double dpi, double tileDpi, int source) {
    GridFigureData d;
    d.widthPt = widthPt;
    d.dpi = dpi;
    d.tileDpi = tileDpi;
    d.columns = {{QString(), -1, -1, true}};
    GridRow row;
    row.tiles.resize(1);
    row.tiles[0].image = photoImage(source, source * 2 / 3, 0);
    d.rows.push_back(row);
    return d;
}

QString writeTemp(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) f.write(bytes);
    return path;
}

QStringList run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return {};
    return QString::fromLatin1(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

struct EmbeddedImage {
    int width = 0, height = 0;
    QString encoding; // pdfimages: "jpeg" or "image" (Flate)
};

// `pdfimages -list`: page num type width height color comp bpc enc interp object ID ...
std::vector<EmbeddedImage> pdfImages(const QByteArray& pdf) {
    QTemporaryDir dir;
    const QStringList lines = run(QStringLiteral("pdfimages"), {QStringLiteral("-list"), writeTemp(dir, "f.pdf", pdf)});
    std::vector<EmbeddedImage> out;
    for (int i = 2; i < lines.size(); ++i) {
        const QStringList t = lines[i].simplified().split(QLatin1Char(' '));
        if (t.size() < 9 || t[2] != QStringLiteral("image")) continue;
        out.push_back({t[3].toInt(), t[4].toInt(), t[8]});
    }
    return out;
}

int countEncoding(const std::vector<EmbeddedImage>& images, const QString& enc) {
    int n = 0;
    for (const auto& i : images) n += i.encoding == enc;
    return n;
}

// Cross-reference table: object number -> offset (read here without the code under test).
std::map<int, qsizetype> xrefTable(const QByteArray& pdf) {
    std::map<int, qsizetype> out;
    const qsizetype sx = pdf.lastIndexOf("startxref");
    if (sx < 0) return out;
    const qsizetype table = pdf.mid(sx + 9, 24).trimmed().split('\n').value(0).toLongLong();
    if (pdf.mid(table, 4) != "xref") return out;
    const QList<QByteArray> lines = pdf.mid(table).split('\n');
    int number = 0, left = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> w = lines[i].trimmed().split(' ');
        if (left == 0) {
            if (w.size() != 2) break;
            number = w[0].toInt();
            left = w[1].toInt();
            continue;
        }
        if (w.size() == 3 && w[2] == "n") out[number] = w[0].toLongLong();
        ++number;
        --left;
    }
    return out;
}

QStringList namesAfter(const QByteArray& pdf, const QString& key) {
    QStringList out;
    const QRegularExpression re(QRegularExpression::escape(key) + QStringLiteral(" /([^\\s/\\[\\]<>()]+)"));
    auto it = re.globalMatch(QString::fromLatin1(pdf));
    while (it.hasNext()) out << it.next().captured(1);
    return out;
}

// WCAG 2 contrast against white, written out here: linearise each sRGB channel, weight, compare.
double contrastWithWhite(const QColor& c) {
    auto lin = [](int v8) {
        const double v = v8 / 255.0;
        return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    const double l = 0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue());
    return 1.05 / (l + 0.05);
}

const char* const kJpegGrid = R"({"kind": "grid", "tile_format": "jpeg", "jpeg_quality": 75, "tile_dpi": 600})";
const char* const kNativeGrid = R"({"kind": "grid", "tile_dpi": "native"})";
const char* const kYellow = "#ffff00";

} // namespace

class TestFigureOptions : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void subsetTagFollowsTheRule() {
        // SHA-256("DejaVuSans" "abc"): first bytes mod 26 as letters, worked out separately (Python hashlib).
        QCOMPARE(pdfSubsetTag("DejaVuSans", "abc"), QByteArray("BUUGKP"));
        QCOMPARE(pdfSubsetTag("DejaVuSans-Bold", ""), QByteArray("URHSVX"));
    }

    void fontSubsetsAreTagged() {
        const GridFigure fig(photoGrid(false)); // regular text and a bold best score
        const QByteArray pdf = renderPdf(fig);
        const QRegularExpression tagged(QStringLiteral("^[A-Z]{6}\\+\\S+$"));
        const QStringList base = namesAfter(pdf, QStringLiteral("/BaseFont"));
        const QStringList names = namesAfter(pdf, QStringLiteral("/FontName"));
        QCOMPARE(names.size(), 2);     // DejaVu Sans and DejaVu Sans Bold
        QCOMPARE(base.size(), 4);      // a Type0 font and its CIDFont each
        for (const QString& n : base + names) QVERIFY2(tagged.match(n).hasMatch(), qPrintable(n));
        for (const QString& n : names) QCOMPARE(base.count(n), 2); // the same tag everywhere
        QVERIFY(names[0] != names[1]);

        // Every cross-reference offset points at its object.
        const auto xref = xrefTable(pdf);
        QVERIFY(xref.size() > 10);
        for (const auto& [n, off] : xref) QVERIFY2(pdf.mid(off).startsWith(QByteArray::number(n) + " 0 obj"), qPrintable(QString::number(n)));

        // poppler agrees: name type encoding emb sub uni object ID.
        QTemporaryDir dir;
        const QStringList lines = run(QStringLiteral("pdffonts"), {writeTemp(dir, "f.pdf", pdf)});
        QCOMPARE(lines.size(), 4); // two header lines, two fonts
        for (int i = 2; i < lines.size(); ++i) {
            const QStringList t = lines[i].simplified().split(QLatin1Char(' '));
            QVERIFY(t.size() >= 8);
            QVERIFY2(tagged.match(t[0]).hasMatch(), qPrintable(lines[i]));
            QCOMPARE(t[t.size() - 5], QStringLiteral("yes")); // emb
            QCOMPARE(t[t.size() - 4], QStringLiteral("yes")); // sub
        }
        QCOMPARE(renderPdf(GridFigure(photoGrid(false))), pdf);
    }

    void photographsAsJpegDataLossless() {
        const QByteArray lossless = renderPdf(GridFigure(photoGrid(false)));
        const QByteArray jpeg = renderPdf(GridFigure(photoGrid(true, 90)));
        // 2 rows x 2 photo columns x (tile + inset) = 8 JPEG images; the map tiles, their insets and
        // the colour bar stay Flate.
        const auto li = pdfImages(lossless), ji = pdfImages(jpeg);
        QCOMPARE(countEncoding(li, "jpeg"), 0);
        QCOMPARE(countEncoding(ji, "jpeg"), 8);
        QCOMPARE(int(ji.size()), int(li.size()));
        QCOMPARE(countEncoding(ji, "image"), int(li.size()) - 8);
        QVERIFY(jpeg.size() < lossless.size());
        QCOMPARE(renderPdf(GridFigure(photoGrid(true, 90))), jpeg);

        // Every JPEG stream is whole (SOI .. EOI) and its /Length object says how long it is.
        const auto xref = xrefTable(jpeg);
        int checked = 0;
        for (const auto& [n, off] : xref) {
            QByteArray head = jpeg.mid(off, 400); // the object's dictionary
            for (const char* end : {"stream\n", "endobj"})
                if (head.indexOf(end) >= 0) head.truncate(head.indexOf(end));
            if (!head.contains("/DCTDecode")) continue;
            const QRegularExpression lenRef(QStringLiteral("/Length (\\d+) 0 R"));
            const auto m = lenRef.match(QString::fromLatin1(head));
            QVERIFY(m.hasMatch());
            const qsizetype lenAt = xref.at(m.captured(1).toInt());
            const long long length = jpeg.mid(lenAt).split('\n').value(1).trimmed().toLongLong();
            const qsizetype data = jpeg.indexOf("stream\n", off) + 7;
            QCOMPARE(jpeg.mid(data + length, 10), QByteArray("\nendstream"));
            QCOMPARE(jpeg.mid(data, 2), QByteArray("\xff\xd8"));
            QCOMPARE(jpeg.mid(data + length - 2, 2), QByteArray("\xff\xd9"));
            ++checked;
        }
        QCOMPARE(checked, 8);
        for (const auto& [n, off] : xref) QVERIFY(jpeg.mid(off).startsWith(QByteArray::number(n) + " 0 obj"));

        // The page looks the same: the JPEG tiles differ from the lossless ones by a few levels only.
        const QImage a = test::rasterisePdf(lossless, 100), b = test::rasterisePdf(jpeg, 100);
        QCOMPARE(a.size(), b.size());
        double diff = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x) diff += std::abs(qGreen(a.pixel(x, y)) - qGreen(b.pixel(x, y)));
        QVERIFY2(diff / (a.width() * a.height()) < 3.0, qPrintable(QString::number(diff / (a.width() * a.height()))));

        // Lower quality, smaller file.
        QVERIFY(renderPdf(GridFigure(photoGrid(true, 30))).size() < jpeg.size());
    }

    void svgEmbedsJpegDataUris() {
        const QByteArray lossless = renderSvg(GridFigure(photoGrid(false)));
        const QByteArray svg = renderSvg(GridFigure(photoGrid(true, 80)));
        QCOMPARE(lossless.count("data:image/jpeg;base64,"), 0);
        QCOMPARE(svg.count("data:image/jpeg;base64,"), 8);
        QCOMPARE(svg.count("data:image/png;base64,"), lossless.count("data:image/png;base64,") - 8);
        QVERIFY(svg.size() < lossless.size());
        QCOMPARE(renderSvg(GridFigure(photoGrid(true, 80))), svg);
        // Each JPEG payload decodes to an image.
        qsizetype at = svg.indexOf("data:image/jpeg;base64,");
        while (at >= 0) {
            const qsizetype s = at + 23, e = svg.indexOf('"', s);
            QVERIFY(!QImage::fromData(QByteArray::fromBase64(svg.mid(s, e - s)), "JPEG").isNull());
            at = svg.indexOf("data:image/jpeg;base64,", e);
        }
    }

    void tileDpiAboveThePage() {
        // A 240 pt figure at 150 dpi; tiles at 600 dpi in PDF: width = tile width in points / 72 x 600.
        const GridFigure page(singleTile(240, 150, 0, 1000));
        const GridFigure fine(singleTile(240, 150, 600, 1000));
        const double tileW = fine.tileRect(0, 0).width();
        QCOMPARE(page.tileRect(0, 0), fine.tileRect(0, 0)); // the layout does not change
        const auto pi = pdfImages(renderPdf(page)), fi = pdfImages(renderPdf(fine));
        QCOMPARE(int(fi.size()), 1);
        QCOMPARE(pi.front().width, int(std::lround(tileW / 72.0 * 150)));
        QCOMPARE(fi.front().width, int(std::lround(tileW / 72.0 * 600)));
        // Raster output draws at its own dpi: the same PNG either way.
        QCOMPARE(renderPng(fine, {}), renderPng(page, {}));
        // Below the page dpi: the page dpi.
        QCOMPARE(pdfImages(renderPdf(GridFigure(singleTile(240, 150, 100, 1000)))).front().width, pi.front().width);
    }

    void nativeTilesKeepTheirPixels() {
        // 1500 source pixels on a tile of about 230 pt: 470 dpi, between 150 and 2400: kept.
        QCOMPARE(pdfImages(renderPdf(GridFigure(singleTile(240, 150, kNativeTileDpi, 1500)))).front().width, 1500);
        // 300 source pixels are fewer than the page's 150 dpi needs: enlarged to the page dpi.
        const GridFigure small(singleTile(240, 150, kNativeTileDpi, 300));
        QCOMPARE(pdfImages(renderPdf(small)).front().width, int(std::lround(small.tileRect(0, 0).width() / 72.0 * 150)));
        // 3000 pixels on a tile of about 30 pt would be 7000 dpi: capped at 2400.
        const GridFigure tiny(singleTile(36, 150, kNativeTileDpi, 3000));
        const int capped = int(std::lround(tiny.tileRect(0, 0).width() / 72.0 * 2400));
        QVERIFY(capped < 3000);
        QCOMPARE(pdfImages(renderPdf(tiny)).front().width, capped);
    }

    void specKeys() {
        const FigureSpec s = FigureSpec::fromJsonText(kJpegGrid, "f.json");
        QCOMPARE(s.tileFormat, std::string("jpeg"));
        QCOMPARE(s.jpegQuality, 75);
        QCOMPARE(s.tileDpi, 600.0);
        QVERIFY(FigureSpec::fromJsonText(s.toJsonText(), "again.json") == s);
        const FigureSpec n = FigureSpec::fromJsonText(kNativeGrid, "f.json");
        QCOMPARE(n.tileDpi, kTileDpiNative);
        QCOMPARE(n.tileFormat, std::string("png"));
        QCOMPARE(n.toJson()["tile_dpi"].get<std::string>(), std::string("native"));
        QVERIFY(FigureSpec::fromJsonText(n.toJsonText(), "again.json") == n);
        QVERIFY(!FigureSpec::fromJsonText("{\"kind\": \"grid\"}", "f.json").toJson().contains("jpeg_quality"));
    }

    void badTileOptionsNameTheKey_data() {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::newRow("format") << QString("{\"kind\": \"grid\", \"tile_format\": \"gif\"}") << QString("tile_format");
        QTest::newRow("quality 0") << QString("{\"kind\": \"grid\", \"jpeg_quality\": 0}") << QString("jpeg_quality");
        QTest::newRow("quality 101") << QString("{\"kind\": \"grid\", \"jpeg_quality\": 101}") << QString("jpeg_quality");
        QTest::newRow("quality 50.5") << QString("{\"kind\": \"grid\", \"jpeg_quality\": 50.5}") << QString("jpeg_quality");
        QTest::newRow("dpi 5000") << QString("{\"kind\": \"grid\", \"tile_dpi\": 5000}") << QString("tile_dpi");
        QTest::newRow("dpi word") << QString("{\"kind\": \"grid\", \"tile_dpi\": \"max\"}") << QString("tile_dpi");
        QTest::newRow("dpi list") << QString("{\"kind\": \"grid\", \"tile_dpi\": [600]}") << QString("tile_dpi");
        QTest::newRow("plot") << QString("{\"kind\": \"bands\", \"tile_format\": \"jpeg\"}") << QString("tile_format");
    }
    void badTileOptionsNameTheKey() {
        QFETCH(QString, json);
        QFETCH(QString, key);
        try {
            (void)FigureSpec::fromJsonText(json.toStdString(), "f.json");
            QFAIL("accepted");
        } catch (const ll::Error& e) {
            const QString m = QString::fromStdString(e.what());
            QVERIFY2(m.contains("\"" + key + "\""), qPrintable(m));
            QVERIFY(!m.contains('\n'));
        }
    }

    void countsGetWholeNumberTicks() {
        // 0 .. 2.1 in about 5 steps: 0.42 -> 0.5 for a continuous axis; counts step by 1.
        QVERIFY(ticksInRange(0, 2.1, 5).values == (std::vector<double>{0, 0.5, 1, 1.5, 2}));
        QVERIFY(ticksInRange(0, 2.1, 5, true).values == (std::vector<double>{0, 1, 2}));
        // 0 .. 11.55: 2.31 -> 2.5, which is not whole: 2.
        QVERIFY(ticksInRange(0, 11.55, 5, true).values == (std::vector<double>{0, 2, 4, 6, 8, 10}));
        // 0 .. 105: 21 -> 25, whole already.
        QVERIFY(ticksInRange(0, 105, 5, true).values == (std::vector<double>{0, 25, 50, 75, 100}));

        // A histogram of 5 images per model in 20 bins: at most a few per bin, so a continuous axis
        // would be labelled in halves. Counts are whole numbers; fractions (density) are not. PSNR
        // (25.6 .. 29 here) keeps the x tick labels away from the small numbers looked for.
        const BenchResults results{{}, test::knownRows(5), {}};
        FigureSpec spec = FigureSpec::fromJsonText("{\"kind\": \"histogram\", \"metrics\": [\"psnr\"], \"y_scale\": \"linear\"}", "h.json");
        const PlotFigureData counts = plotFigureData(spec, computePlotValues(spec, results, "h.json"));
        QVERIFY(counts.panels.front().y.integer);
        const QByteArray svg = renderSvg(PlotFigure(counts));
        QVERIFY(!svg.contains(">0.5<"));
        QVERIFY(!svg.contains(">1.5<"));
        QVERIFY(svg.contains(">1<"));
        spec.density = true;
        QVERIFY(!plotFigureData(spec, computePlotValues(spec, results, "h.json")).panels.front().y.integer);
    }

    void paletteReadsOnWhite() {
        const std::vector<std::string> models{"m0", "m1", "m2", "m3", "m4", "m5", "m6"};
        std::vector<QColor> seen;
        for (const auto& m : models) {
            const QColor c = modelStyle(m, models).colour;
            QVERIFY2(contrastWithWhite(c) >= 3.0, qPrintable(QString::fromStdString(m) + " " + c.name()));
            for (const QColor& o : seen) QVERIFY(o != c);
            seen.push_back(c);
        }
        QVERIFY(contrastWithWhite(modelStyle("do_nothing", models).colour) >= 3.0);
        // Colours dark enough already are kept: bluish green #009E73 (3.42:1), vermillion #D55E00.
        QCOMPARE(modelStyle("m2", models).colour, QColor(0x00, 0x9E, 0x73));
        QCOMPARE(modelStyle("m3", models).colour, QColor(0xD5, 0x5E, 0x00));
        // The light yellow #F0E442 (1.32:1) is darkened to #9F9729 (3.03:1, computed separately).
        QCOMPARE(modelStyle("m6", models).colour, QColor(0x9F, 0x97, 0x29));
        // A colour the author names is used as given.
        QCOMPARE(modelStyle("m6", models, {{"m6", kYellow}}).colour, QColor(0xff, 0xff, 0x00));
    }
};

QTEST_MAIN(TestFigureOptions)
#include "test_figure_options.moc"
