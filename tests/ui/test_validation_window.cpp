// The validation window on simulated A/B studies and ratings: the tables, the plotted agreement and
// correlations and the noise ceiling equal what core/stats computes directly (and what
// lightlens-cli validate prints); the leave-one-out human agreement on a hand-checked study; figure
// export to PDF, SVG and PNG; bad input (malformed CSV, missing files, unknown metric) gives one
// error line and no crash. With LIGHTLENS_SCREENSHOT_DIR set it also saves validation-window.png there.
#include "stats/StudySimulation.h"

#include "figure/PlotFigure.h"
#include "jobs/JobRunner.h"
#include "stats/Csv.h"
#include "stats/ItemScores.h"
#include "stats/Judgements.h"
#include "stats/ScoreTable.h"
#include "stats/ValidationReport.h"
#include "style/DarkTheme.h"
#include "support/TestSupport.h"
#include "validate/FigureView.h"
#include "validate/ValidationJob.h"
#include "validate/ValidationWindow.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QProcess>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

#include <cmath>

using namespace ll;
namespace fs = std::filesystem;

namespace {

constexpr int kDraws = 300, kSplits = 200;

stats::ValidationResult directValidation(const fs::path& judgements, const fs::path& scores, bool ratings = false) {
    const stats::ScoreTable table = stats::loadScoreTable(scores);
    std::vector<std::string> metrics{"sie", "lfe"};
    const stats::StudyData study = ratings ? stats::studyFromRatings(stats::loadRatings(judgements).ratings)
                                           : stats::studyFromAB(stats::loadABJudgements(judgements).judgements);
    stats::ValidationOptions o;
    o.draws = kDraws;
    o.splits = kSplits;
    if (ratings) metrics = {"sie"};
    const stats::ItemScores item = stats::attachScores(study, table, metrics);
    return stats::validate(study, item, o, stats::screenRaters(study, o.screening));
}

} // namespace

class TestValidationWindow : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return fs::path(tmp_.path().toStdString()); }
    QString path(const char* name) const { return QString::fromStdString((dir() / name).string()); }

    // Waits for the job's outcome however long a loaded machine takes; the cap only ends a hung job
    // inside CTest's 900 s timeout.
    static bool waitDone(QSignalSpy& ok, QSignalSpy& bad) {
        QElapsedTimer t;
        t.start();
        while (ok.isEmpty() && bad.isEmpty() && t.elapsed() < 600000) QTest::qWait(20);
        return !ok.isEmpty();
    }

private Q_SLOTS:
    void initTestCase() {
        // Screenshots for the docs use the application's theme.
        if (!qgetenv("LIGHTLENS_SCREENSHOT_DIR").isEmpty()) ui::applyDarkTheme(*qApp);
        // Four models judged on two tasks (the turn_off judgements mirror the turn_on ones).
        const auto sim = test::simulateAB({-1.5, -0.5, 0.5, 1.5}, 12, 12, 80, 0.3, 1);
        std::string ab = "rater,scene,task,model_a,model_b,choice,tags,expected\n";
        for (const auto& j : sim.judgements)
            ab += stats::csvRow({j.rater, j.scene, "turn_on", j.modelA, j.modelB, stats::choiceName(j.outcome), "", ""});
        for (const auto& j : sim.judgements)
            ab += stats::csvRow({j.rater, j.scene, "turn_off", j.modelB, j.modelA, stats::choiceName(1 - j.outcome), "", ""});
        std::string scores = "scene,model,task,sie,lfe\n";
        for (int s = 0; s < 12; ++s)
            for (int m = 0; m < 4; ++m)
                for (const char* task : {"on", "off"}) {
                    const std::string scene = "scene" + std::to_string(s), model = "model" + std::to_string(m);
                    const double sie = sim.scores.value(stats::ScoreTable::editKey(scene, model, "on"), 0);
                    // sie as simulated (an error: lower is better); lfe a noisier error of the same edits.
                    scores += stats::csvRow({scene, model, task, std::to_string(sie), std::to_string(0.5 * sie + 0.15 * ((s * 7 + m * 3) % 5))});
                }
        test::writeBytes(dir() / "ab.csv", ab);
        test::writeBytes(dir() / "per_image.csv", scores);
        test::writeBytes(dir() / "per_image.columns.json",
                         R"({"format": "lightlens-columns/1", "default_metrics": ["sie", "lfe"], "columns": [
                             {"name": "sie", "role": "score", "better": "lower"},
                             {"name": "lfe", "role": "score", "better": "lower"}]})");
        test::writeBytes(dir() / "broken.csv", "rater,scene,task,model_a,model_b,choice\nr0,\"scene0,on,m0,m1,A\n");

        const auto rs = test::simulateRatings(40, 6, 0.5, 1.0, 3);
        std::string ratings = "rater,item,score\n", itemScores = "item,sie\n";
        for (const auto& r : rs.ratings) ratings += stats::csvRow({r.rater, r.item, std::to_string(r.score)});
        for (int i = 0; i < 40; ++i) {
            const std::string item = test::named("item", std::uint64_t(i));
            itemScores += stats::csvRow({item, std::to_string(rs.scores.value(item, 0))});
        }
        test::writeBytes(dir() / "ratings.csv", ratings);
        test::writeBytes(dir() / "item_scores.csv", itemScores);
        test::writeBytes(dir() / "item_scores.columns.json",
                         R"({"format": "lightlens-columns/1", "columns": [{"name": "sie", "role": "score", "better": "lower"}]})");
    }

    // A million draws would take minutes; the window shows them progressing, and Cancel makes the
    // worker leave the job at its next draw (the runner is idle again within seconds) and shows nothing.
    void cancelStopsTheWorker() {
        ui::JobRunner runner;
        ui::ValidationWindow w(&runner);
        QSignalSpy ok(&w, &ui::ValidationWindow::finished), bad(&w, &ui::ValidationWindow::failed),
            cancelled(&w, &ui::ValidationWindow::cancelled);
        w.setDraws(1000000);
        w.setSplits(0);
        w.setInputs(path("ab.csv"), path("per_image.csv"));
        QVERIFY(w.busy());
        for (int i = 0; i < 600 && w.progressPermille() == 0; ++i) QTest::qWait(50);
        QVERIFY(w.progressPermille() > 0);
        QVERIFY(w.progressPermille() < 1000);
        QCOMPARE(runner.activeJobs(), 1);
        QElapsedTimer t;
        t.start();
        w.cancel();
        QVERIFY(!w.busy());
        QCOMPARE(cancelled.count(), 1);
        while (runner.activeJobs() > 0 && t.elapsed() < 20000) QTest::qWait(20);
        QCOMPARE(runner.activeJobs(), 0);
        qInfo("worker left the cancelled job after %lld ms", static_cast<long long>(t.elapsed()));
        QTest::qWait(100);
        QVERIFY(ok.isEmpty() && bad.isEmpty());
        QVERIFY(w.result() == nullptr);
    }

    // A score table without a column declaration: no direction is guessed, the window says which
    // column needs one; with "Lower is better: sie,lfe" it gives what the declared table gives.
    void undeclaredScoresNeedADirection() {
        test::writeBytes(dir() / "bare.csv", test::readBytes(dir() / "per_image.csv"));
        ui::JobRunner runner;
        ui::ValidationWindow w(&runner);
        QSignalSpy ok(&w, &ui::ValidationWindow::finished), bad(&w, &ui::ValidationWindow::failed);
        w.setDraws(50);
        w.setSplits(20);
        w.setInputs(path("ab.csv"), path("bare.csv"));
        QVERIFY(!waitDone(ok, bad));
        QVERIFY2(w.errorText().contains("no score column has a declared direction"), qPrintable(w.errorText()));
        bad.clear();
        w.setDirections("", "sie,lfe");
        w.run();
        QVERIFY2(waitDone(ok, bad), qPrintable(w.errorText()));
        QCOMPARE(w.result()->result.metrics, (std::vector<std::string>{"sie", "lfe"}));
        QCOMPARE(w.result()->result.directions, (std::vector<std::string>{"lower", "lower"}));
        ok.clear();
        w.setDirections("", "");
        w.setInputs(path("ab.csv"), path("per_image.csv"));
        QVERIFY2(waitDone(ok, bad), qPrintable(w.errorText()));
        QCOMPARE(w.result()->result.directions, (std::vector<std::string>{"lower", "lower"}));
    }

    void windowClosedWhileValidating() {
        // The window goes away while its validation job runs: the job ends (cancelled or finished),
        // nothing is delivered to the deleted window, and the runner is idle again.
        ui::JobRunner runner;
        auto* w = new ui::ValidationWindow(&runner);
        w->setDraws(kDraws);
        w->setSplits(kSplits);
        w->setInputs(path("ab.csv"), path("per_image.csv"));
        QVERIFY(w->busy());
        QVERIFY(runner.activeJobs() > 0);
        delete w;
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 600000);
        QCoreApplication::processEvents();
    }

    void abStudyEqualsCore() {
        ui::JobRunner runner;
        ui::ValidationWindow w(&runner);
        w.resize(1500, 950);
        w.show();
        QSignalSpy ok(&w, &ui::ValidationWindow::finished), bad(&w, &ui::ValidationWindow::failed);
        w.setDraws(kDraws);
        w.setSplits(kSplits);
        w.setInputs(path("ab.csv"), path("per_image.csv"));
        QVERIFY(w.busy());
        QVERIFY2(waitDone(ok, bad), qPrintable(w.errorText()));
        QVERIFY(w.errorText().isEmpty());
        QCOMPARE(w.progressPermille(), 1000); // every draw and split reported before the result

        const stats::ValidationResult d = directValidation(dir() / "ab.csv", dir() / "per_image.csv");
        // Every table of the CLI, cell by cell.
        const auto tables = stats::validationTables(d);
        QCOMPARE(w.tables()->count(), int(tables.size()));
        for (const auto& t : tables) {
            QTableWidget* tw = w.table(QString::fromStdString(t.name));
            QVERIFY2(tw, t.name.c_str());
            QCOMPARE(tw->rowCount(), int(t.table.rows.size()));
            for (std::size_t r = 0; r < t.table.rows.size(); ++r)
                for (std::size_t c = 0; c < t.table.rows[r].size(); ++c)
                    QCOMPARE(tw->item(int(r), int(c))->text(), QString::fromStdString(t.table.rows[r][c]));
        }

        // The plots show the same numbers: agreement per quartile with its interval, and r vs the ceiling.
        QCOMPARE(w.groupChooser()->currentText(), QString("all"));
        auto agreement = std::dynamic_pointer_cast<const figure::PlotFigure>(w.agreementView()->figure());
        QVERIFY(agreement);
        const auto& panel = agreement->data().panels.at(0);
        int seen = 0;
        for (const auto& row : d.agreement) {
            if (row.group != "all") continue;
            const auto& s = panel.series.at(std::size_t(seen++));
            QCOMPARE(s.name, QString::fromStdString(row.metric));
            for (int b = 0; b < 5; ++b) {
                QCOMPARE(*s.y[std::size_t(b)], row.bins[std::size_t(b)].value);
                QCOMPARE(*s.yLow[std::size_t(b)], row.bins[std::size_t(b)].ci.lo);
                QCOMPARE(*s.yHigh[std::size_t(b)], row.bins[std::size_t(b)].ci.hi);
            }
        }
        QCOMPARE(seen, 2);
        QCOMPARE(panel.bands.size(), std::size_t(2)); // chance and human-human agreement
        QCOMPARE(*panel.bands[0].line, 0.5);
        QVERIFY(*panel.bands[1].line > 0.5 && *panel.bands[1].line <= 1.0);

        auto scatter = std::dynamic_pointer_cast<const figure::PlotFigure>(w.scatterView()->figure());
        QVERIFY(scatter);
        QCOMPARE(scatter->data().panels.size(), std::size_t(3)); // sie, lfe, r vs ceiling
        std::size_t points = 0;
        for (const auto& p : d.scatter)
            if (p.group == "all" && p.metric == "sie") ++points;
        QCOMPARE(scatter->data().panels[0].series.at(0).x.size(), points);
        const auto& ceiling = scatter->data().panels[2];
        const auto allReliability = std::find_if(d.reliability.begin(), d.reliability.end(), [](const auto& rel) { return rel.group == "all"; });
        QVERIFY(allReliability != d.reliability.end());
        QCOMPARE(*ceiling.bands.at(0).line, allReliability->reliability.ceiling);
        QCOMPARE(ceiling.bands.at(0).lo, allReliability->reliability.ceilingRange.lo);
        QCOMPARE(ceiling.bands.at(0).hi, allReliability->reliability.ceilingRange.hi);
        const auto allSie = std::find_if(d.correlation.begin(), d.correlation.end(),
                                         [](const auto& c) { return c.group == "all" && c.metric == "sie"; });
        QVERIFY(allSie != d.correlation.end());
        QCOMPARE(*ceiling.series.at(0).y.at(0), allSie->pearson.value);

        // The same Pearson r as lightlens-cli validate (CTest sets LIGHTLENS_CLI).
        const QByteArray exe = qgetenv("LIGHTLENS_CLI");
        QVERIFY2(!exe.isEmpty(), "LIGHTLENS_CLI is not set");
        QProcess p;
        p.start(QString::fromLocal8Bit(exe), {"validate", "--judgements", path("ab.csv"), "--scores", path("per_image.csv"),
                                              "--draws", QString::number(kDraws), "--splits", QString::number(kSplits), "--json"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const auto j = nlohmann::json::parse(p.readAllStandardOutput().toStdString());
        int compared = 0;
        for (const auto& c : j.at("correlation"))
            if (c.at("group") == "all" && c.at("metric") == "sie") {
                QCOMPARE(c.at("pearson").at("value").get<double>(), allSie->pearson.value);
                ++compared;
            }
        QCOMPARE(compared, 1);

        if (const QByteArray shots = qgetenv("LIGHTLENS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            w.tables()->setCurrentWidget(w.table("correlation"));
            QTest::qWait(100);
            QVERIFY(w.grab().save(QString::fromLocal8Bit(shots) + "/validation-window.png"));
        }

        // Switching the group redraws for that task.
        w.groupChooser()->setCurrentIndex(w.groupChooser()->findText("on"));
        agreement = std::dynamic_pointer_cast<const figure::PlotFigure>(w.agreementView()->figure());
        QVERIFY(agreement->data().panels[0].title.contains("turn on"));

        // Export in the three formats; an unknown extension is one error line.
        QVERIFY(w.exportFigure("agreement", path("agreement.pdf")));
        QVERIFY(test::readBytes(dir() / "agreement.pdf").rfind("%PDF", 0) == 0);
        QVERIFY(w.exportFigure("scatter", path("scatter.svg")));
        QVERIFY(test::readBytes(dir() / "scatter.svg").find("<svg") != std::string::npos);
        QVERIFY(w.exportFigure("scatter", path("scatter.png")));
        QCOMPARE(QImage(path("scatter.png")).isNull(), false);
        QVERIFY(!w.exportFigure("scatter", path("scatter.txt")));
        QVERIFY(!w.errorText().isEmpty() && !w.errorText().contains('\n'));

    }

    void ratingsStudy() {
        ui::JobRunner runner;
        ui::ValidationWindow w(&runner);
        QSignalSpy ok(&w, &ui::ValidationWindow::finished), bad(&w, &ui::ValidationWindow::failed);
        w.setDraws(kDraws);
        w.setSplits(kSplits);
        w.setInputs(path("ratings.csv"), path("item_scores.csv"), ui::JudgementKind::Ratings);
        QVERIFY2(waitDone(ok, bad), qPrintable(w.errorText()));
        QVERIFY(!w.agreementView()->figure()); // agreement by separation is for A/B studies
        QVERIFY(w.scatterView()->figure());
        const stats::ValidationResult d = directValidation(dir() / "ratings.csv", dir() / "item_scores.csv", true);
        QTableWidget* corr = w.table("correlation");
        QVERIFY(corr);
        const auto tables = stats::validationTables(d);
        for (const auto& t : tables)
            if (t.name == "correlation") QCOMPARE(corr->item(0, 2)->text(), QString::fromStdString(t.table.rows[0][2]));
    }

    void badInputGivesOneErrorLine() {
        ui::JobRunner runner;
        ui::ValidationWindow w(&runner);
        QSignalSpy ok(&w, &ui::ValidationWindow::finished), bad(&w, &ui::ValidationWindow::failed);
        w.setDraws(50);
        w.setSplits(20);
        struct Case {
            QString judgements, scores, mustName;
        };
        const QList<Case> cases{{path("missing.csv"), path("per_image.csv"), "missing.csv"},
                                {path("ab.csv"), path("missing_scores.csv"), "missing_scores.csv"},
                                {path("broken.csv"), path("per_image.csv"), "broken.csv"},
                                {path("ab.csv"), path("ab.csv"), "ab.csv"}};
        for (const auto& c : cases) {
            ok.clear();
            bad.clear();
            w.setInputs(c.judgements, c.scores);
            QVERIFY(!waitDone(ok, bad));
            QCOMPARE(bad.size(), 1);
            const QString e = w.errorText();
            QVERIFY2(e.contains(c.mustName), qPrintable(e));
            QVERIFY(!e.contains('\n'));
            QVERIFY(!w.busy());
        }
        // No files at all.
        w.setInputs({}, {});
        QVERIFY(!w.errorText().isEmpty());
    }
};

QTEST_MAIN(TestValidationWindow)
#include "test_validation_window.moc"
