// Tables of the figures' numbers (LaTeX booktabs, Markdown, CSV) against golden files, and the
// benchmark's own tables through `kind: table`, from a per_image.csv on disk.
// To regenerate the golden files after an intended change: LIGHTLENS_UPDATE_GOLDEN=1 figure_test_tables
// (every rewritten file fails its check, so the variable cannot pass a run; then review the diff and
// run again without it).
#include "FigureTestSupport.h"

#include "bench/BenchTables.h"
#include "bench/PerImageCsv.h"
#include "bench/TableWriters.h"
#include "figure/FigureBuilder.h"
#include "figure/PlotBuilder.h"
#include "support/TestSupport.h"

#include <QtTest>

using namespace ll;
using namespace ll::figure;

namespace {

std::filesystem::path goldenDir() { return std::filesystem::path(LIGHTLENS_TEST_DATA_FALLBACK).parent_path() / "figure" / "golden"; }

void compareGolden(const std::string& name, const std::string& text) {
    const auto path = goldenDir() / name;
    if (qEnvironmentVariableIsSet("LIGHTLENS_UPDATE_GOLDEN")) {
        // Rewrites the file and fails, so a leaked variable cannot turn the checks into self-comparisons.
        test::writeBytes(path, text);
        QFAIL(qPrintable(QString::fromStdString(path.string() + " rewritten (LIGHTLENS_UPDATE_GOLDEN is set): review the diff")));
    }
    QVERIFY2(std::filesystem::exists(path), qPrintable(QString::fromStdString(path.string() + " is missing")));
    const std::string expected = test::readBytes(path);
    QVERIFY2(text == expected, qPrintable(QString::fromStdString(name + " differs from its golden file:\n" + text)));
}

} // namespace

class TestTables : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plotTablesMatchGoldenFiles_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("name");
        QTest::newRow("bands") << int(FigureKind::Bands) << "bands";
        QTest::newRow("classes") << int(FigureKind::Classes) << "classes";
        QTest::newRow("percentiles") << int(FigureKind::Percentiles) << "percentiles";
        QTest::newRow("histogram") << int(FigureKind::Histogram) << "histogram";
    }
    void plotTablesMatchGoldenFiles() {
        QFETCH(int, kind);
        QFETCH(QString, name);
        FigureSpec spec;
        spec.kind = FigureKind(kind);
        spec.tasks = {"on", "off"};
        spec.bins = 4;
        spec.percentileRange = {20, 100, 40};
        if (spec.kind == FigureKind::Histogram || spec.kind == FigureKind::Percentiles) spec.metrics = {"sie"};
        const BenchResults results{{}, test::knownRows(), {}};
        const bench::Table t = plotTable(spec, computePlotValues(spec, results, "spec"));
        compareGolden(name.toStdString() + ".tex", bench::tableToLatex(t));
        compareGolden(name.toStdString() + ".md", bench::tableToMarkdown(t));
        compareGolden(name.toStdString() + ".csv", bench::tableToCsv(t));
    }

    void benchTablesFromAResultsFolder() {
        QTemporaryDir tmp;
        const std::filesystem::path dir = tmp.path().toStdString();
        const auto rows = test::knownRows();
        test::writeBytes(dir / "per_image.csv", bench::formatPerImageCsv(rows, false));
        FigureSpec spec;
        spec.kind = FigureKind::Table;
        spec.table = "main";
        const FigureSources sources{dir, std::nullopt};
        const bench::Table t = buildFigureTable(spec, sources, "spec");
        bench::TableOptions options;
        options.bestPercent = spec.best;
        const auto tables = bench::buildTables(rows, options);
        const auto it = std::find_if(tables.begin(), tables.end(), [](const bench::Table& x) { return x.name == "main"; });
        QVERIFY(it != tables.end());
        QCOMPARE(bench::tableToLatex(t), bench::tableToLatex(*it));
        // Written through the same entry point as figures, by extension.
        writeFigureOutput(spec, sources, dir / "main.tex", "spec");
        QCOMPARE(test::readBytes(dir / "main.tex"), bench::tableToLatex(*it));
        writeFigureOutput(spec, sources, dir / "main.md", "spec");
        QCOMPARE(test::readBytes(dir / "main.md"), bench::tableToMarkdown(*it));
        QVERIFY_THROWS_EXCEPTION(ll::Error, writeFigureOutput(spec, sources, dir / "main.docx", "spec"));
        QVERIFY_THROWS_EXCEPTION(ll::Error, writeFigureOutput(spec, sources, dir / "main.pdf", "spec"));
        QVERIFY_THROWS_EXCEPTION(ll::Error, buildFigureTable(spec, FigureSources{dir / "nowhere", std::nullopt}, "spec"));
    }
};

QTEST_MAIN(TestTables)
#include "test_tables.moc"
