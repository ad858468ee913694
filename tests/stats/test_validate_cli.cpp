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
        test::writeBytes(dir() / "bare.csv", scores); // the same scores without a column declaration
        test::writeBytes(dir() / "per_image.columns.json",
                         R"({"format": "lightlens-columns/1", "file": "per_image.csv", "default_metrics": ["sie", "lfe"],
                             "columns": [{"name": "scene", "role": "key"}, {"name": "model", "role": "key"},
                                         {"name": "task", "role": "key"},
                                         {"name": "sie", "role": "score", "better": "lower"},
                                         {"name": "lfe", "role": "score", "better": "lower"},
                                         {"name": "psnr", "role": "score", "better": "higher"}]})");
    }

    void directionsFromTheDeclarationOrTheUser() {
        const QStringList base{"validate", "--judgements", path("ab.csv"), "--draws", "50", "--splits", "20", "--json"};
        // Declared: sie and lfe by default, psnr oriented as declared.
        Run r = cli(base + QStringList{"--scores", path("per_image.csv"), "--metrics", "sie,psnr"});
        QCOMPARE(r.status, 0);
        auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["directions"], nlohmann::json({"lower", "higher"}));
        // Undeclared: no guess from the name, a one-line error naming the column.
        r = cli(base + QStringList{"--scores", path("bare.csv"), "--metrics", "sie"});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err.trimmed().split('\n').last(), "lightlens-cli validate: " + path("bare.csv") +
                                      ": score column 'sie' has no declared direction: give --higher sie or --lower sie");
        r = cli(base + QStringList{"--scores", path("bare.csv")});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.trimmed().split('\n').last().contains("no score column has a declared direction"));
        // Given by the user: validated as told, and the same numbers as the declared file.
        r = cli(base + QStringList{"--scores", path("bare.csv"), "--lower", "sie", "--higher", "psnr"});
        QCOMPARE(r.status, 0);
        j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["metrics"], nlohmann::json({"sie", "psnr"}));
        const Run declared = cli(base + QStringList{"--scores", path("per_image.csv"), "--metrics", "sie,psnr"});
        QCOMPARE(nlohmann::json::parse(declared.out.toStdString())["correlation"].dump(), j["correlation"].dump());
        // Overriding a declaration is allowed, with a warning.
        r = cli(base + QStringList{"--scores", path("per_image.csv"), "--higher", "sie", "--metrics", "sie"});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.contains("warning: higher is better for sie: overrides the declaration 'lower'"));
        r = cli(base + QStringList{"--scores", path("bare.csv"), "--higher", "sie", "--lower", "sie"});
        QCOMPARE(r.status, 2);
    }

    void screeningThresholdDropsRaters() {
        // Six raters who clearly see the differences (log-strengths 0, 2, -2), and a rater who
        // judges 25 pairs like them but always picks the weaker model.
        const std::vector<double> theta{0.0, 2.0, -2.0};
        const auto sim = test::simulateAB(theta, 12, 6, 50, 0.3, 4);
        std::string ab = "rater,scene,task,model_a,model_b,choice,tags,expected\n";
        for (const auto& j : sim.judgements)
            ab += stats::csvRow({j.rater, j.scene, "on", j.modelA, j.modelB, stats::choiceName(j.outcome), "", ""});
        for (std::size_t k = 0; k < 25; ++k) {
            const auto& j = sim.judgements[k];
            const bool aWeaker = theta[std::size_t(j.modelA.back() - '0')] < theta[std::size_t(j.modelB.back() - '0')];
            ab += stats::csvRow({"contrarian", j.scene, "on", j.modelA, j.modelB, aWeaker ? "A" : "B", "", ""});
        }
        test::writeBytes(dir() / "ab_contrarian.csv", ab);
        const QStringList base{"validate", "--judgements", path("ab_contrarian.csv"), "--scores", path("per_image.csv"),
                               "--draws", "50", "--splits", "20"};
        Run r = cli(base + QStringList{"--json"});
        QCOMPARE(r.status, 0);
        auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["counts"]["raters"].get<int>(), 7);
        r = cli(base + QStringList{"--json", "--min-rater-r", "0.2481"});
        QCOMPARE(r.status, 0);
        j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["excluded_raters"], nlohmann::json({"contrarian"}));
        QCOMPARE(j["counts"]["raters"].get<int>(), 6);
        QCOMPARE(j["counts"]["judgements"].get<int>(), 300);
        for (const auto& s : j["raters"]) QCOMPARE(s["dropped"].get<bool>(), s["rater"] == "contrarian");
        // The tables include human-human agreement and both split-half figures.
        r = cli(base);
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains("Human-human agreement"));
        QVERIFY(r.out.contains("Split-half r") && r.out.contains("Spearman-Brown"));
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
