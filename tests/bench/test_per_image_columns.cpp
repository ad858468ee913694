// Every column the batch benchmark writes to per_image.csv is declared in per_image.columns.json,
// every score with its direction. The column list comes from a real run's per_image.csv (with the
// uncertainty, region and band columns), not from a list kept here; `validate` then reads the file
// with those directions and never takes a count, flag or uncertainty for a metric.
#include "bench/BenchOutputs.h"
#include "bench/BenchRunner.h"
#include "stats/Csv.h"
#include "stats/ScoreTable.h"
#include "stats/ScreenAndValidate.h"
#include "synth/SynthDataset.h"
#include "util/ColumnRoles.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

namespace fs = std::filesystem;
using namespace ll;

class TestPerImageColumns : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;

private Q_SLOTS:
    void everyWrittenColumnIsDeclared() {
        QVERIFY(tmp_.isValid());
        const fs::path root = tmp_.path().toStdString();
        SynthDatasetParams p;
        p.render.width = 96;
        p.render.height = 64;
        p.render.seed = 3;
        p.scenes = 2;
        p.models = {"oracle", "no_shadow"};
        writeSynthDataset(root / "ds", p);
        bench::BenchConfig c;
        c.dataset = root / "ds";
        c.out = root / "out";
        c.threads = 2;
        c.uncertainty = true;
        c.draws = 4;
        QVERIFY(bench::runBench(c).completed);

        const fs::path csvPath = c.out / bench::kPerImageCsv;
        const stats::CsvTable csv = stats::parseCsv(test::readBytes(csvPath), csvPath.string());
        const fs::path sidecarPath = c.out / "per_image.columns.json";
        QVERIFY(fs::exists(sidecarPath));
        const ColumnSidecar sidecar = parseColumnSidecar(test::readBytes(sidecarPath), sidecarPath.string());
        QCOMPARE(sidecar.file, std::string("per_image.csv"));
        QVERIFY(sidecar.taskGroups);
        QCOMPARE(sidecar.defaultMetrics, (std::vector<std::string>{"sie", "lfe"}));
        std::vector<std::string> scores;
        bool regionScore = false, bandScore = false;
        for (const auto& h : csv.header) {
            const ColumnDeclaration* d = sidecar.find(h);
            QVERIFY2(d, ("undeclared column " + h).c_str());
            QVERIFY2(d->role != ColumnRole::Score || d->better, ("score without a direction: " + h).c_str());
            if (d->role == ColumnRole::Score) scores.push_back(h);
            regionScore |= d->role == ColumnRole::Score && h.rfind("region.", 0) == 0;
            bandScore |= d->role == ColumnRole::Score && h.rfind("band.", 0) == 0;
        }
        QCOMPARE(sidecar.columns.size(), csv.header.size());
        QVERIFY(regionScore && bandScore); // the run wrote region and band columns, and they are declared
        QVERIFY(csv.column("sd.sie").has_value());
        // SIE, LFE and SIE1 are errors (3DLP: 0 for a perfect edit); PSNR and SSIM grow with quality.
        for (const char* m : {"sie", "lfe", "sie1"}) QCOMPARE(sidecar.find(m)->better, std::optional<ScoreDirection>(ScoreDirection::Lower));
        for (const char* m : {"psnr", "ssim"}) QCOMPARE(sidecar.find(m)->better, std::optional<ScoreDirection>(ScoreDirection::Higher));

        const stats::ScoreTable t = stats::loadScoreTable(csvPath);
        for (const auto& m : t.metrics) {
            QVERIFY2(t.direction(m).has_value(), m.c_str());
            QVERIFY2(std::find(scores.begin(), scores.end(), m) != scores.end(), m.c_str());
        }
        QCOMPARE(stats::validationMetrics(t, {}), (std::vector<std::string>{"sie", "lfe"}));
        QVERIFY(t.nonScoreRole("valid_pixels") == "count" && t.nonScoreRole("degenerate") == "flag" &&
                t.nonScoreRole("sd.sie") == "uncertainty");
    }
};

QTEST_GUILESS_MAIN(TestPerImageColumns)
#include "test_per_image_columns.moc"
