// `lightlens-cli validate` end to end: tables, plot data and summary written; bad rows warned
// about; bad files and bad usage give one-line errors and exit 1 / 2.
#include "StudySimulation.h"

#include "stats/Csv.h"
#include "support/TestSupport.h"

#include <QProcess>
#include <nlohmann/json.hpp>

using namespace ll;
namespace fs = std::filesystem;

class TestValidateCli : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return fs::path(tmp_.path().toStdString()); }

    struct Run {
        int status = -1;
        QString out, err;
    };
    static Run cli(const QStringList& args) {
        const QByteArray exe = qgetenv("LIGHTLENS_CLI");
        Run r;
        if (exe.isEmpty()) return r;
        QProcess p;
        p.start(QString::fromLocal8Bit(exe), args);
        p.waitForFinished(120000);
        r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
    QString path(const char* name) const { return QString::fromStdString((dir() / name).string()); }

private Q_SLOTS:
    void initTestCase() {
        if (qgetenv("LIGHTLENS_CLI").isEmpty()) QSKIP("LIGHTLENS_CLI is not set (run through ctest)");
        // A/B judgements of three models on two tasks, with one bad row and one attention check.
        auto on = test::simulateAB({-0.6, 0.0, 0.6}, 12, 6, 25, 0.3, 1);
        std::string ab = "rater,scene,task,model_a,model_b,choice,tags,expected\n";
        std::string scores = "scene,model,task,sie,lfe,psnr\n";
        for (const auto& j : on.judgements)
            ab += stats::csvRow({j.rater, j.scene, "turn_on", j.modelA, j.modelB, stats::choiceName(j.outcome),
                                 "too bright;artefacts", ""});
        for (const auto& j : on.judgements)
            ab += stats::csvRow({j.rater, j.scene, "turn_off", j.modelB, j.modelA, stats::choiceName(1 - j.outcome), "", ""});
        ab += "r0,scene0,on,model0,model1,perhaps,,\n";
        ab += "r1,scene0,on,model0,model1,A,,A\n";
        for (int s = 0; s < 12; ++s)
            for (int m = 0; m < 3; ++m)
                for (const char* task : {"on", "off"}) {
                    const std::string scene = "scene" + std::to_string(s), model = "model" + std::to_string(m);
                    const double sie = on.scores.value(stats::ScoreTable::editKey(scene, model, "on"), 0);
                    scores += stats::csvRow({scene, model, task, std::to_string(-sie), std::to_string(-sie * 0.5 + 0.1 * m),
                                             std::to_string(30 + sie)});
                }
        test::writeBytes(dir() / "ab.csv", ab);
        test::writeBytes(dir() / "per_image.csv", scores);
    }

    void writesTablesAndSummary() {
        const Run r = cli({"validate", "--judgements", path("ab.csv"), "--scores", path("per_image.csv"), "--metrics",
                           "sie,lfe,psnr", "--draws", "300", "--splits", "50", "--seed", "7", "--out", path("out")});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.contains("ab.csv:" + QString::number(2 + 2 * 150) + ": choice 'perhaps' is not A, B or tie"));
        QVERIFY(r.out.contains("Human-metric agreement by separation"));
        for (const char* f : {"agreement.md", "agreement.csv", "agreement.tex", "correlation.csv", "differences.tex",
                              "partial.md", "bradley_terry.csv", "ranking.md", "reliability.csv", "raters.md",
                              "tables.md", "plots/agreement_by_quartile.csv", "plots/scatter.csv", "plots/ceiling.csv",
                              "summary.json"})
            QVERIFY2(fs::exists(dir() / "out" / f), f);
        const auto j = nlohmann::json::parse(test::readBytes(dir() / "out" / "summary.json"));
        QCOMPARE(j["counts"]["judgements"].get<int>(), 300);
        QCOMPARE(j["counts"]["attention_checks"].get<int>(), 1);
        QCOMPARE(j["groups"].size(), std::size_t(3)); // all, off, on
        QCOMPARE(j["options"]["draws"].get<int>(), 300);
        QCOMPARE(j["metrics"].size(), std::size_t(3));
        QCOMPARE(j["agreement"].size(), std::size_t(9));
        QCOMPARE(j["bradley_terry"].size(), std::size_t(9));
        const std::string tex = test::readBytes(dir() / "out" / "agreement.tex");
        QVERIFY(tex.find("\\toprule") != std::string::npos && tex.find("\\%") != std::string::npos);
        // Same seed, same numbers.
        const Run again = cli({"validate", "--judgements", path("ab.csv"), "--scores", path("per_image.csv"), "--metrics",
                               "sie,lfe,psnr", "--draws", "300", "--splits", "50", "--seed", "7", "--json"});
        QCOMPARE(again.status, 0);
        const auto j2 = nlohmann::json::parse(again.out.toStdString());
        QCOMPARE(j2["correlation"].dump(), j["correlation"].dump());
    }

    void badInputAndUsage() {
        test::writeBytes(dir() / "broken.csv", "rater,scene,task,model_a,model_b,choice\nr1,s1,on,m1,\"m2,A\n");
        Run r = cli({"validate", "--judgements", path("broken.csv"), "--scores", path("per_image.csv")});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err.trimmed(), "lightlens-cli validate: " + path("broken.csv") + ": line 2: unterminated quoted field");
        r = cli({"validate", "--judgements", path("ab.csv"), "--scores", path("per_image.csv"), "--metrics", "ssim"});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("per_image.csv: no score column 'ssim'"));
        r = cli({"validate", "--judgements", path("ab.csv")});
        QCOMPARE(r.status, 2);
        r = cli({"validate", "--scores", path("per_image.csv")});
        QCOMPARE(r.status, 2);
        r = cli({"validate", "--judgements", path("missing.csv"), "--scores", path("per_image.csv")});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("missing.csv"));
        QCOMPARE(r.err.count('\n'), 1);
    }
};

QTEST_GUILESS_MAIN(TestValidateCli)
#include "test_validate_cli.moc"
