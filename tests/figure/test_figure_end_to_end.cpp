// End to end on a small synthetic dataset (core synth API) and its benchmark results (core bench
// API): every figure kind through `lightlens-cli figure` (a separate process, offscreen), the grid's
// layout on the rasterised PDF, byte-identical output of two runs, and one-line errors.
#include "FigureTestSupport.h"

#include "bench/BenchRunner.h"
#include "dataset/Dataset.h"
#include "figure/FigureExport.h"
#include "figure/FigureSpec.h"
#include "figure/GridBuilder.h"
#include "figure/TextBoxes.h"
#include "metrics/MapPalette.h"
#include "colour/ColourConfig.h"
#include "support/TestSupport.h"
#include "synth/SynthDataset.h"

#include <QProcess>
#include <QSvgRenderer>
#include <QtTest>

using namespace ll;
using namespace ll::figure;

class TestFigureEndToEnd : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    std::filesystem::path dataset_, bench_;

    struct Run {
        int status = -1;
        QByteArray out, err;
    };
    static Run cli(const QStringList& args) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command must set up the offscreen platform itself
        env.remove(QStringLiteral("DISPLAY"));
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("LIGHTLENS_CLI"), args);
        if (!p.waitForFinished(120000)) return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
    }
    QString path(const std::string& name) const { return QString::fromStdString((std::filesystem::path(tmp_.path().toStdString()) / name).string()); }
    QString writeSpec(const std::string& name, const std::string& json) const {
        test::writeBytes(path(name).toStdString(), json);
        return path(name);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        QVERIFY2(qEnvironmentVariableIsSet("LIGHTLENS_CLI"), "LIGHTLENS_CLI must point at lightlens-cli");
        dataset_ = std::filesystem::path(tmp_.path().toStdString()) / "ds";
        bench_ = std::filesystem::path(tmp_.path().toStdString()) / "results";
        SynthDatasetParams p;
        p.render.width = 192;
        p.render.height = 128;
        p.render.seed = 7;
        p.scenes = 3;
        writeSynthDataset(dataset_, p);
        bench::BenchConfig config;
        config.dataset = dataset_;
        config.out = bench_;
        config.threads = 2;
        const auto outcome = bench::runBench(config);
        QVERIFY(outcome.completed);
        QVERIFY(std::filesystem::exists(bench_ / "per_image.csv"));
    }

    void gridLayoutOnSyntheticData() {
        FigureSpec spec = FigureSpec::fromJsonText(R"({"kind": "grid", "rows": "models", "dpi": 150,
            "columns": ["input", "edit", "real", "ratio_real", "ratio_edit", "sie_map", "lfe_map", "mask"],
            "insets": [{"rect": [0.3, 0.4, 0.2, 0.2]}], "inset_columns": ["edit", "sie_map"]})", "grid.json");
        const Dataset ds = scanDataset(dataset_);
        GridFigureData data = gridFigureData(spec, ds, ColourConfig::builtin(), "grid.json");
        QCOMPARE(data.rows.size(), ds.models.size());
        const GridFigure fig(data);
        const QImage page = test::rasterisePdf(renderPdf(fig), 144);
        QVERIFY(!page.isNull());
        QCOMPARE(page.width(), int(std::lround(fig.sizePt().width() * 2)));
        for (int r = 0; r < int(data.rows.size()); ++r)
            for (int c = 0; c < int(data.columns.size()); ++c) {
                // Not white paper (the do-nothing model's E_G is about 1 everywhere: a nearly white tile).
                const double ink = test::inkFraction(page, test::toPixels(fig.tileRect(r, c), 144), 8);
                QVERIFY2(ink > 0.1, qPrintable(QStringLiteral("tile %1,%2 has no content (%3)").arg(r).arg(c).arg(ink)));
            }
        // Scores under the map tiles; the best SIE of the scene in bold.
        int bold = 0;
        for (const auto& row : data.rows)
            for (const auto& s : row.tiles[5].scores) bold += s.best;
        QVERIFY(bold >= 1);
        QVERIFY(data.colourBars[0].range.hi > 0 && data.colourBars[0].range.lo == -data.colourBars[0].range.hi);
    }

    void lfeKeySeparatesOutsideOmega80() {
        // The LFE map compares only Omega80: valid pixels outside it get their own colour and key,
        // not the black of "excluded" (which the SIE map keeps for pixels outside Omega).
        const FigureSpec spec = FigureSpec::fromJsonText(R"({"kind": "grid", "rows": "models", "dpi": 100,
            "columns": ["sie_map", "lfe_map"]})", "grid.json");
        const GridFigureData data = gridFigureData(spec, scanDataset(dataset_), ColourConfig::builtin(), "grid.json");
        QCOMPARE(data.colourBars.size(), std::size_t(2));
        QVERIFY(data.colourBars[0].keys.empty()); // SIE: only the shared "excluded"
        QCOMPARE(data.colourBars[1].keys.size(), std::size_t(1));
        const auto& [text, colour] = data.colourBars[1].keys[0];
        QCOMPARE(text, QStringLiteral("outside \u03A980"));
        QVERIFY(colour != QColor(Qt::black));
        QCOMPARE(colour, QColor(kOutsideOmega80Colour[0], kOutsideOmega80Colour[1], kOutsideOmega80Colour[2]));
        // The tiles use it: LFE tiles have pixels of that grey, SIE tiles none (black stays black there).
        long long lfeGrey = 0, sieGrey = 0, sieBlack = 0;
        for (const auto& row : data.rows) {
            for (int ci = 0; ci < 2; ++ci) {
                const QImage& img = row.tiles[std::size_t(ci)].image;
                for (int y = 0; y < img.height(); ++y)
                    for (int x = 0; x < img.width(); ++x) {
                        const QRgb px = img.pixel(x, y);
                        if (QColor(px) == colour) (ci == 1 ? lfeGrey : sieGrey) += 1;
                        if (ci == 0 && qRed(px) == 0 && qGreen(px) == 0 && qBlue(px) == 0) ++sieBlack;
                    }
            }
        }
        QVERIFY2(lfeGrey > 0, "no LFE pixel outside Omega80");
        QCOMPARE(sieGrey, 0LL);
        QVERIFY(sieBlack > 0);
        // Both keys are drawn, each once, and inside the page.
        const GridFigure fig(data);
        int excluded = 0, outside = 0;
        for (const auto& b : figureTextBoxes(fig)) {
            excluded += b.text == QStringLiteral("excluded");
            outside += b.text == text;
            QVERIFY(QRectF(QPointF(0, 0), fig.sizePt()).contains(b.rect));
        }
        QCOMPARE(excluded, 1);
        QCOMPARE(outside, 1);
    }

    void everyKindThroughTheCli_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("source");
        QTest::newRow("grid") << R"({"kind": "grid", "rows": "scenes", "columns": ["input", "edit", "real", "sie_map"], "dpi": 100})" << "dataset";
        QTest::newRow("bands") << R"({"kind": "bands", "tasks": ["on", "off"], "size": {"width": "two-column", "height": "5cm"}})" << "bench";
        QTest::newRow("classes") << R"({"kind": "classes", "metrics": ["sie"], "tasks": ["on", "off"]})" << "bench";
        QTest::newRow("percentiles") << R"({"kind": "percentiles", "size": {"width": "one-column"}})" << "bench";
        QTest::newRow("histogram") << R"({"kind": "histogram", "metrics": ["sie"], "bins": 8})" << "bench";
    }
    void everyKindThroughTheCli() {
        QFETCH(QString, spec);
        QFETCH(QString, source);
        const std::string name = QTest::currentDataTag();
        const QString specPath = writeSpec(name + ".json", spec.toStdString());
        const QString srcArg = source == QLatin1String("bench") ? QString::fromStdString(bench_.string()) : QString::fromStdString(dataset_.string());
        for (const char* ext : {"pdf", "svg", "png"}) {
            const QString out = path(name + "." + ext);
            const Run r = cli({QStringLiteral("figure"), specPath, QStringLiteral("--out"), out, QStringLiteral("--") + source, srcArg});
            QVERIFY2(r.status == 0, r.err.constData());
            QVERIFY(QFile::exists(out));
        }
        const QByteArray pdf = QByteArray::fromStdString(test::readBytes(path(name + ".pdf").toStdString()));
        const QImage page = test::rasterisePdf(pdf, 72);
        QVERIFY(!page.isNull());
        const FigureSpec fs = FigureSpec::fromJsonText(spec.toStdString(), "spec");
        QCOMPARE(page.width(), int(fs.widthPt()));
        QVERIFY(test::inkFraction(page, page.rect()) > 0.02);
        QSvgRenderer svg(path(name + ".svg"));
        QVERIFY(svg.isValid());
        QCOMPARE(svg.viewBoxF().width(), fs.widthPt());
        const QImage png(path(name + ".png"));
        QCOMPARE(png.width(), int(std::lround(fs.widthPt() / 72.0 * fs.dpi)));
        // A second run in a fresh process writes the same bytes.
        const QString again = path(name + "-again.pdf");
        QCOMPARE(cli({QStringLiteral("figure"), specPath, QStringLiteral("--out"), again, QStringLiteral("--") + source, srcArg}).status, 0);
        QVERIFY(test::readBytes(again.toStdString()) == pdf.toStdString());
        // The numbers as a table.
        if (source == QLatin1String("bench")) {
            const QString tex = path(name + ".tex");
            QCOMPARE(cli({QStringLiteral("figure"), specPath, QStringLiteral("--out"), tex, QStringLiteral("--bench"), srcArg}).status, 0);
            QVERIFY(test::readBytes(tex.toStdString()).find("\\toprule") != std::string::npos);
        }
    }

    void errorsAreOneLineAndWriteNothing() {
        const QString grid = writeSpec("g.json", R"({"kind": "grid"})");
        Run r = cli({QStringLiteral("figure"), grid, QStringLiteral("--out"), path("g.pdf")});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("needs a dataset"));
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(!QFile::exists(path("g.pdf")));

        const QString bad = writeSpec("bad.json", R"({"kind": "bands", "colour": 1})");
        r = cli({QStringLiteral("figure"), bad, QStringLiteral("--out"), path("b.pdf"), QStringLiteral("--bench"), QString::fromStdString(bench_.string())});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("bad.json"));
        QVERIFY(r.err.contains("unknown key"));

        r = cli({QStringLiteral("figure"), grid, QStringLiteral("--out"), path("g.jpeg"), QStringLiteral("--dataset"), QString::fromStdString(dataset_.string())});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("unknown output format"));

        r = cli({QStringLiteral("figure"), grid});
        QCOMPARE(r.status, 2); // --out is required

        const QString ghost = writeSpec("ghost.json", R"({"kind": "grid", "rows": "models", "scene": "no_such_scene"})");
        r = cli({QStringLiteral("figure"), ghost, QStringLiteral("--out"), path("ghost.pdf"), QStringLiteral("--dataset"), QString::fromStdString(dataset_.string())});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("no_such_scene"));
    }
};

QTEST_MAIN(TestFigureEndToEnd)
#include "test_figure_end_to_end.moc"
