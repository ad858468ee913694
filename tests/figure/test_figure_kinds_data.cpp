// The new grid columns and the mosaic built from a small synthetic dataset (core synth API): the
// difference images (a do-nothing edit differs from its input by quantisation only; the oracle's
// difference is lit and reads on - off like the real one, also for turn-off), the band map and its key, the annotation
// overlay against its own blend arithmetic, highlight boxes by name, imported scores with bold best,
// models as columns, the mosaic, a bad labels file, and byte-identical CLI output.
#include "FigureTestSupport.h"

#include "colour/ColourConfig.h"
#include "dataset/Dataset.h"
#include "figure/ColourMap.h"
#include "figure/FigureSpec.h"
#include "figure/GridBuilder.h"
#include "support/TestSupport.h"
#include "synth/SynthDataset.h"
#include "util/Error.h"

#include <QProcess>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace ll;
using namespace ll::figure;

namespace {

int grey(QRgb p) { return (qRed(p) + qGreen(p) + qBlue(p)) / 3; }

int medianGrey(const QImage& img) {
    std::vector<int> v;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) v.push_back(grey(img.pixel(x, y)));
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
}

// Mean of red minus blue: positive where the diverging map shows more light (red), negative for less.
double meanRedMinusBlue(const QImage& img) {
    double sum = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) sum += qRed(img.pixel(x, y)) - qBlue(img.pixel(x, y));
    return sum / (img.width() * img.height());
}

} // namespace

class TestFigureKindsData : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;
    std::filesystem::path root_;
    Dataset ds_;

    GridFigureData grid(const std::string& json, const BenchResults* bench = nullptr) {
        return gridFigureData(FigureSpec::fromJsonText(json, "fig.json"), ds_, ColourConfig::builtin(), "fig.json", {}, bench);
    }
    std::string gridError(const std::string& json, const BenchResults* bench = nullptr) {
        try {
            grid(json, bench);
        } catch (const ll::Error& e) {
            return e.what();
        }
        return "";
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        root_ = std::filesystem::path(tmp_.path().toStdString()) / "ds";
        SynthDatasetParams p;
        p.render.width = 150;
        p.render.height = 100;
        p.render.seed = 5;
        p.scenes = 3;
        writeSynthDataset(root_, p);
        ds_ = scanDataset(root_);
        QVERIFY(ds_.scenes.size() == 3);
    }

    void differencesExposure() {
        const GridFigureData d = grid(R"({"kind": "grid", "models": ["oracle", "do_nothing"], "dpi": 72,
            "columns": ["diff_real", "diff_edit"]})");
        QCOMPARE(d.colourBars.size(), std::size_t(0)); // |difference| needs no bar
        const QImage real = d.rows[0].tiles[0].image, oracle = d.rows[0].tiles[1].image, nothing = d.rows[1].tiles[1].image;
        QVERIFY(!real.isNull() && !oracle.isNull() && !nothing.isNull());
        // Doing nothing changes the input by its 8-bit quantisation only: the difference is black but
        // for a few codes; the real pair differs by the probe's light.
        QVERIFY2(medianGrey(nothing) <= 3, qPrintable(QString::number(medianGrey(nothing))));
        QVERIFY2(medianGrey(real) > medianGrey(nothing) + 5, qPrintable(QString::number(medianGrey(real))));
        // The oracle (g I_on from g I_off, docs/data-layout.md) adds the probe's light: its difference
        // is lit where doing nothing leaves black.
        QVERIFY2(medianGrey(oracle) > medianGrey(nothing) + 5, qPrintable(QString::number(medianGrey(oracle))));
    }

    void differencesSigned_data() {
        QTest::addColumn<QString>("task");
        QTest::newRow("turn-on") << QStringLiteral("on");
        QTest::newRow("turn-off") << QStringLiteral("off");
    }
    void differencesSigned() {
        QFETCH(QString, task);
        const GridFigureData d = grid(R"({"kind": "grid", "models": ["oracle", "do_nothing"], "dpi": 72, "tasks": [")" +
                                      task.toStdString() + R"("], "columns": ["diff_real", "diff_edit", "sie_map"], "difference_tone": "signed"})");
        // One bar for both difference columns (symmetric, every pixel has a value), one for the SIE map.
        QCOMPARE(d.colourBars.size(), std::size_t(2));
        QCOMPARE(d.columns[0].colourBar, 0);
        QCOMPARE(d.columns[1].colourBar, 0);
        QVERIFY(d.colourBars[0].coversAll && !d.colourBars[1].coversAll);
        QVERIFY(d.colourBars[0].range.hi > 0 && d.colourBars[0].range.lo == -d.colourBars[0].range.hi);
        const QImage real = d.rows[0].tiles[0].image, oracle = d.rows[0].tiles[1].image, nothing = d.rows[1].tiles[1].image;
        // Zero is the map's neutral middle colour: a do-nothing edit is neutral almost everywhere.
        const QColor mid(colourAt(ColourMapKind::Diverging, 0.5));
        int neutral = 0;
        for (int y = 0; y < nothing.height(); ++y)
            for (int x = 0; x < nothing.width(); ++x) {
                const QColor c(nothing.pixel(x, y));
                neutral += std::abs(c.red() - mid.red()) + std::abs(c.green() - mid.green()) + std::abs(c.blue() - mid.blue()) < 24;
            }
        QVERIFY2(neutral > nothing.width() * nothing.height() / 2, qPrintable(QString::number(neutral)));
        // The probe adds light, so on - off is mostly red, for both tasks; the oracle's edit difference
        // reads the same way (turn-off: input minus edit), not inverted.
        QVERIFY(meanRedMinusBlue(real) > 5.0);
        QVERIFY2(meanRedMinusBlue(oracle) > 5.0, qPrintable(QString::number(meanRedMinusBlue(oracle))));
    }

    void bandMap() {
        const GridFigureData d = grid(R"({"kind": "grid", "models": ["oracle", "no_shadow"], "dpi": 72, "columns": ["band_map"]})");
        QCOMPARE(d.columns[0].categoryKey, 0);
        const auto& entries = d.categoryKeys[0].entries;
        // The metric's default edges 100, 16, 6, 3, 2, 1, 0: six bands, brightest first, and "no band".
        QCOMPARE(entries.size(), std::size_t(7));
        QCOMPARE(entries[0].first, QStringLiteral("16\u2013100%"));
        QCOMPARE(entries[5].first, QStringLiteral("0\u20131%"));
        QCOMPARE(entries[6].first, QStringLiteral("no band"));
        // The bands belong to the real pair: the same for every model; every pixel has a key colour.
        QCOMPARE(d.rows[0].tiles[0].image, d.rows[1].tiles[0].image);
        const QImage& img = d.rows[0].tiles[0].image;
        std::set<QRgb> keyColours;
        for (const auto& e : entries) keyColours.insert(e.second.rgb());
        std::set<QRgb> seen;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) seen.insert(img.pixel(x, y));
        for (QRgb c : seen) QVERIFY2(keyColours.count(c), qPrintable(QString::number(c, 16)));
        QVERIFY(seen.count(entries[0].second.rgb())); // the brightest band exists
        QVERIFY(seen.size() >= 3);
    }

    void annotationsBlendOverTheirImage() {
        const auto build = [&](double opacity) {
            return grid(R"({"kind": "grid", "models": ["oracle"], "dpi": 72, "columns": ["real_on", "annotations"],
                "annotation_image": "real_on", "annotation_opacity": )" + std::to_string(opacity) + "}");
        };
        const GridFigureData none = build(0.0);
        QCOMPARE(none.rows[0].tiles[1].image, none.rows[0].tiles[0].image);
        const GridFigureData half = build(0.5);
        const auto& key = half.categoryKeys.at(std::size_t(half.columns[1].categoryKey)).entries;
        QVERIFY(!key.empty());
        for (std::size_t i = 1; i < key.size(); ++i) QVERIFY(key[i - 1].first < key[i].first); // name order
        const QImage base = half.rows[0].tiles[0].image, over = half.rows[0].tiles[1].image;
        int changed = 0;
        for (int y = 0; y < base.height(); ++y)
            for (int x = 0; x < base.width(); ++x) {
                const QRgb b = base.pixel(x, y), o = over.pixel(x, y);
                if (b == o) continue;
                ++changed;
                // Half the image plus half one of the key's colours, rounded; where two classes overlap,
                // the later one (name order) blended over the first.
                auto blend = [](QRgb under, const QColor& c) {
                    return qRgb((qRed(under) + c.red() + 1) / 2, (qGreen(under) + c.green() + 1) / 2, (qBlue(under) + c.blue() + 1) / 2);
                };
                auto near = [](QRgb p, QRgb q) {
                    return std::abs(qRed(p) - qRed(q)) <= 1 && std::abs(qGreen(p) - qGreen(q)) <= 1 && std::abs(qBlue(p) - qBlue(q)) <= 1;
                };
                bool matches = false;
                for (std::size_t i = 0; i < key.size(); ++i) {
                    matches |= near(o, blend(b, key[i].second));
                    for (std::size_t j = i + 1; j < key.size(); ++j) matches |= near(o, blend(blend(b, key[i].second), key[j].second));
                }
                QVERIFY2(matches, qPrintable(QStringLiteral("pixel %1,%2").arg(x).arg(y)));
            }
        QVERIFY(changed > 0);
    }

    void highlightByName() {
        const GridFigureData d = grid(R"({"kind": "grid", "models": ["oracle", "dim_light", "no_shadow"], "dpi": 72,
            "columns": ["input", "edit"], "highlight": [{"row": "no_shadow", "column": "edit"}, {"row": 0, "column": 0}]})");
        QCOMPARE(d.highlights.size(), std::size_t(2));
        QCOMPARE(d.highlights[0].row, 2);
        QCOMPARE(d.highlights[0].column, 1);
        QCOMPARE(d.highlights[0].colour, QColor(0xE6, 0x9F, 0x00)); // Okabe-Ito orange by default
        const std::string e = gridError(R"({"kind": "grid", "models": ["oracle"], "columns": ["edit"], "highlight": [{"row": "wrong_position", "column": 0}]})");
        QVERIFY2(e.rfind("fig.json", 0) == 0 && e.find("highlight") != std::string::npos, e.c_str());
        QVERIFY(gridError(R"({"kind": "grid", "models": ["oracle"], "columns": ["edit"], "highlight": [{"row": 0, "column": 3}]})").find("highlight") != std::string::npos);
    }

    void importedScoresUnderTiles() {
        BenchResults bench;
        bench.imported["lpips"] = ScoreDirection::Lower;
        const std::vector<std::pair<std::string, double>> values{{"oracle", 0.05}, {"dim_light", 0.20}, {"no_shadow", 0.10}};
        for (const auto& [model, v] : values) {
            bench::ScoreRow r;
            r.scene = ds_.scenes.front().name;
            r.model = model;
            r.task = Task::On;
            r.imported["lpips"] = v;
            bench.rows.push_back(r);
        }
        const std::string spec = R"({"kind": "grid", "models": ["oracle", "dim_light", "no_shadow"], "dpi": 72,
            "columns": ["edit"], "scores": {"edit": ["imported.lpips"]}})";
        const GridFigureData d = grid(spec, &bench);
        QCOMPARE(d.rows[1].tiles[0].scores.at(0).name, QStringLiteral("LPIPS"));
        QCOMPARE(d.rows[1].tiles[0].scores.at(0).value.value(), 0.20);
        // Lower is better, as declared: 0.05 bold, 0.10 underlined.
        QVERIFY(d.rows[0].tiles[0].scores[0].best);
        QVERIFY(d.rows[2].tiles[0].scores[0].runnerUp);
        QVERIFY(!d.rows[1].tiles[0].scores[0].best && !d.rows[1].tiles[0].scores[0].runnerUp);
        QVERIFY(gridError(spec).find("--bench") != std::string::npos);
        QVERIFY(gridError(R"({"kind": "grid", "columns": ["edit"], "scores": {"edit": ["imported.dreamsim"]}})", &bench).find("dreamsim") !=
                std::string::npos);
    }

    void modelsAsColumns() {
        const GridFigureData d = grid(R"({"kind": "grid", "orientation": "columns", "models": ["oracle", "dim_light", "no_shadow"],
            "scenes": ["scene_000", "scene_002"], "dpi": 72, "columns": ["edit", "sie_map"]})");
        QCOMPARE(d.columns.size(), std::size_t(3));
        QCOMPARE(d.columns[1].title, QStringLiteral("dim light"));
        QCOMPARE(d.rows.size(), std::size_t(4)); // 2 scenes x 2 column kinds
        QVERIFY(d.rows[2].label.contains(QStringLiteral("scene 002")));
        QCOMPARE(d.columns[0].colourBar, 0); // the SIE map's bar under the first column
        QVERIFY(d.colourBars[0].label.startsWith(QStringLiteral("SIE map")));
        QCOMPARE(d.rows[1].tiles[2].scores.at(0).name, QStringLiteral("SIE"));
        const std::string e = gridError(R"({"kind": "grid", "orientation": "columns", "models": ["oracle", "dim_light"],
            "columns": ["sie_map", "lfe_map", "mask"]})");
        QVERIFY2(e.rfind("fig.json", 0) == 0 && e.find("orientation") != std::string::npos && e.find('\n') == std::string::npos, e.c_str());
    }

    void mosaic() {
        const GridFigureData d = grid(R"({"kind": "mosaic", "models": ["oracle", "no_shadow"], "dpi": 72})");
        QCOMPARE(d.rows.size(), std::size_t(3)); // every scene
        QCOMPARE(d.columns.size(), std::size_t(2));
        QCOMPARE(d.rows[1].label, QStringLiteral("scene 001"));
        QCOMPARE(d.columns[1].title, QStringLiteral("no shadow"));
        for (const auto& row : d.rows)
            for (const auto& t : row.tiles) QVERIFY(t.scores.empty());
        // The cell of scene 1 and no_shadow is that model's edit file, as Qt reads it.
        const EditEntry* e = ds_.findEdit("scene_001", "no_shadow", Task::On);
        QVERIFY(e && e->path);
        const QImage file = QImage(QString::fromStdString(e->path->string())).convertToFormat(QImage::Format_RGB32);
        QCOMPARE(d.rows[1].tiles[1].image, file);
    }

    void cliOutputIsByteIdentical() {
        const QString spec = tmp_.filePath(QStringLiteral("kinds.json"));
        test::writeBytes(spec.toStdString(), R"({"kind": "grid", "dpi": 60, "size": {"width": "one-column"}, "models": ["oracle", "no_shadow"],
            "columns": ["real_on", "diff_real", "diff_edit", "band_map"], "difference_tone": "signed", "highlight": [{"row": 1, "column": 2}]})");
        const QString mosaic = tmp_.filePath(QStringLiteral("mosaic.json"));
        test::writeBytes(mosaic.toStdString(), R"({"kind": "mosaic", "dpi": 60, "size": {"width": "one-column"}})");
        for (const QString& s : {spec, mosaic})
            for (const char* ext : {".pdf", ".svg", ".png"}) {
                QByteArray out[2];
                for (int i = 0; i < 2; ++i) {
                    const QString file = tmp_.filePath(QStringLiteral("out%1%2").arg(i).arg(QString::fromLatin1(ext)));
                    QProcess p;
                    p.start(qEnvironmentVariable("LIGHTLENS_CLI"), {QStringLiteral("figure"), s, QStringLiteral("--out"), file,
                                                                     QStringLiteral("--dataset"), QString::fromStdString(root_.string())});
                    QVERIFY(p.waitForFinished(120000));
                    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
                    QFile f(file);
                    QVERIFY(f.open(QIODevice::ReadOnly));
                    out[i] = f.readAll();
                }
                QVERIFY(out[0].size() > 100);
                QVERIFY2(out[0] == out[1], ext);
            }
    }
    void unreadableLabelsNameTheFile() {
        const auto labels = root_ / "scenes" / "scene_002" / "labels.json";
        QVERIFY(std::filesystem::exists(labels));
        test::writeBytes(labels, "{ not json");
        ds_ = scanDataset(root_);
        const std::string e = gridError(R"({"kind": "grid", "scene": "scene_002", "models": ["oracle"], "columns": ["annotations"]})");
        QVERIFY2(e.find("labels.json") != std::string::npos && e.find('\n') == std::string::npos, e.c_str());
    }
};

QTEST_MAIN(TestFigureKindsData)
#include "test_figure_kinds_data.moc"
