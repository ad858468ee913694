// The validation statistics on simulated studies with known truth: recovery of the correlation,
// the reliability and the Bradley-Terry strengths; coverage of the bootstrap intervals; thread-count
// independence; agreement by separation and rater screening on hand-made cases.
//
// The coverage tests run 200 simulated studies with 500 bootstrap draws each (the CLI default is
// 10,000 draws); 500 draws are enough for 2.5th/97.5th percentiles to within a few thousandths.
#include "StudySimulation.h"

#include "stats/HumanAgreement.h"
#include "stats/ItemScores.h"
#include "stats/StudyData.h"
#include "stats/Validation.h"
#include "support/TestSupport.h"

#include <tbb/global_control.h>

#include <QElapsedTimer>
#include <cmath>

using namespace ll;
using namespace ll::stats;

class TestValidation : public QObject {
    Q_OBJECT

    static ValidationResult run(const StudyData& s, const ScoreTable& t, int draws, std::uint64_t seed, int splits = 0) {
        ValidationOptions o;
        o.draws = draws;
        o.seed = seed;
        o.splits = splits;
        const ItemScores scores = attachScores(s, t, {"sie"});
        return validate(s, scores, o);
    }
    static bool covers(const Estimate& e, double truth) { return e.ci.lo <= truth && truth <= e.ci.hi; }
    static double mean(const std::vector<double>& v) {
        double s = 0;
        for (double x : v) s += x;
        return s / double(v.size());
    }
    static double sd(const std::vector<double>& v) {
        const double m = mean(v);
        double s = 0;
        for (double x : v) s += (x - m) * (x - m);
        return std::sqrt(s / double(v.size() - 1));
    }

private Q_SLOTS:
    void humanAgreementByHand() {
        // Item 0 judged 1, 1, 0: the two 1s see others at 0.5 (counts 1/2), the 0 sees others at 1
        // (disagrees): (0.5 + 0.5 + 0) / 3. Item 1 judged 1, 1, 1: all agree. Item 2 judged once: left out.
        StudyData s;
        s.kind = StudyKind::Pairs;
        for (const char* task : {"on", "off", "on"}) {
            StudyItem item;
            item.task = task;
            s.items.push_back(item);
        }
        s.obs = {{0, 0, 1.0}, {1, 0, 1.0}, {2, 0, 0.0}, {0, 1, 1.0}, {1, 1, 1.0}, {2, 1, 1.0}, {0, 2, 1.0}};
        const auto h = humanAgreement(s, {"all", "on", "off"});
        QCOMPARE(h.size(), std::size_t(3));
        QCOMPARE(h[0].decisions, std::size_t(6));
        QVERIFY(std::fabs(h[0].value - 4.0 / 6.0) < 1e-12);
        QCOMPARE(h[1].decisions, std::size_t(3));
        QVERIFY(std::fabs(h[1].value - 1.0 / 3.0) < 1e-12);
        QCOMPARE(h[2].value, 1.0);
        // A tie judgement against a clear majority counts 1/2.
        s.obs = {{0, 0, 1.0}, {1, 0, 1.0}, {2, 0, 0.5}};
        const auto t = humanAgreement(s, {"all"});
        // 1 sees (1 + 0.5)/2 = 0.75 -> agrees (1), twice; 0.5 sees 1 -> 0.5.
        QVERIFY(std::fabs(t[0].value - 2.5 / 3.0) < 1e-12);
    }

    void recoversKnownCorrelationAndReliability() {
        const auto sim = test::simulateRatings(2000, 12, 0.75, 1.0, 7);
        const StudyData s = studyFromRatings(sim.ratings);
        const ValidationResult r = run(s, sim.scores, 0, 1, 200);
        QCOMPARE(r.correlation.size(), std::size_t(1));
        const auto& c = r.correlation[0];
        QCOMPARE(c.pearson.n, std::size_t(2000));
        qInfo("rho %.4f: pearson %.4f spearman %.4f (%.4f) kendall %.4f (%.4f); reliability %.4f (%.4f)", sim.rho,
              c.pearson.value, c.spearman.value, sim.spearman, c.kendall.value, sim.kendall,
              r.reliability[0].reliability.reliability, sim.reliability);
        QVERIFY(std::fabs(c.pearson.value - sim.rho) < 0.03);
        QVERIFY(std::fabs(c.spearman.value - sim.spearman) < 0.03);
        QVERIFY(std::fabs(c.kendall.value - sim.kendall) < 0.03);
        QVERIFY(std::fabs(r.reliability[0].reliability.reliability - sim.reliability) < 0.02);
        QVERIFY(std::fabs(r.reliability[0].reliability.ceiling - std::sqrt(sim.reliability)) < 0.02);
    }

    void correlationIntervalsCoverTheTruth() {
        QElapsedTimer timer;
        timer.start();
        const int studies = 200;
        int coverP = 0, coverS = 0, coverK = 0;
        double truthP = 0, truthS = 0, truthK = 0;
        std::vector<double> estimates, widths;
        for (int k = 0; k < studies; ++k) {
            const auto sim = test::simulateRatings(40, 10, 0.75, 1.0, 1000 + std::uint64_t(k));
            truthP = sim.rho, truthS = sim.spearman, truthK = sim.kendall;
            const ValidationResult r = run(studyFromRatings(sim.ratings), sim.scores, 500, std::uint64_t(k));
            const auto& c = r.correlation[0];
            estimates.push_back(c.pearson.value);
            widths.push_back(c.pearson.ci.hi - c.pearson.ci.lo);
            coverP += covers(c.pearson, sim.rho);
            coverS += covers(c.spearman, sim.spearman);
            coverK += covers(c.kendall, sim.kendall);
        }
        qInfo("ratings coverage over %d studies (truth r %.3f rho %.3f tau %.3f): pearson %d, spearman %d, kendall %d; "
              "%.1f s", studies, truthP, truthS, truthK, coverP, coverS, coverK, double(timer.elapsed()) / 1000);
        qInfo("pearson: SD of the estimates over studies %.4f, mean interval width / 3.92 %.4f", sd(estimates),
              mean(widths) / 3.92);
        QVERIFY(coverP >= 180);
        QVERIFY(coverS >= 180);
        QVERIFY(coverK >= 180);
    }

    void bradleyTerryRecoveryAndCoverage() {
        const std::vector<double> theta{-0.9, -0.3, 0.0, 0.4, 0.8}; // mean 0
        {   // recovery on a big study
            const auto sim = test::simulateAB(theta, 60, 40, 200, 0.3, 3);
            const ValidationResult r = run(studyFromAB(sim.judgements), sim.scores, 0, 1);
            QCOMPARE(r.strengths.size(), theta.size());
            for (const auto& s : r.strengths) {
                const double truth = theta[std::size_t(std::stoi(s.model.substr(5)))];
                QVERIFY2(std::fabs(s.logStrength.value - truth) < 0.08, qPrintable(QString::fromStdString(s.model)));
            }
            QCOMPARE(r.ranking[0].kendall.value, 1.0); // the metric orders the models like the humans
        }
        QElapsedTimer timer;
        timer.start();
        const int studies = 200;
        std::vector<int> cover(theta.size(), 0);
        std::vector<double> estimates, widths; // of model 0
        for (int k = 0; k < studies; ++k) {
            const auto sim = test::simulateAB(theta, 20, 12, 40, 0.3, 5000 + std::uint64_t(k));
            const ValidationResult r = run(studyFromAB(sim.judgements), sim.scores, 500, std::uint64_t(k));
            for (const auto& s : r.strengths) {
                const auto m = std::size_t(std::stoi(s.model.substr(5)));
                cover[m] += covers(s.logStrength, theta[m]);
                if (m == 0) {
                    estimates.push_back(s.logStrength.value);
                    widths.push_back(s.logStrength.ci.hi - s.logStrength.ci.lo);
                }
            }
        }
        qInfo("Bradley-Terry log-strength coverage over %d studies: %d %d %d %d %d; %.1f s", studies, cover[0], cover[1],
              cover[2], cover[3], cover[4], double(timer.elapsed()) / 1000);
        qInfo("model0: SD of the estimates over studies %.4f, mean interval width / 3.92 %.4f", sd(estimates),
              mean(widths) / 3.92);
        for (int c : cover) QVERIFY(c >= 180);
    }

    void sameResultForAnyThreadCount() {
        const auto sim = test::simulateAB({-0.5, 0.0, 0.5}, 10, 8, 30, 0.3, 11);
        const StudyData s = studyFromAB(sim.judgements);
        ValidationResult one, many;
        {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            one = run(s, sim.scores, 300, 99, 50);
        }
        many = run(s, sim.scores, 300, 99, 50);
        QCOMPARE(one.correlation[0].kendall.ci.lo, many.correlation[0].kendall.ci.lo);
        QCOMPARE(one.correlation[0].pearson.ci.hi, many.correlation[0].pearson.ci.hi);
        QCOMPARE(one.agreement[0].bins[4].ci.lo, many.agreement[0].bins[4].ci.lo);
        QCOMPARE(one.strengths[1].logStrength.ci.hi, many.strengths[1].logStrength.ci.hi);
        QCOMPARE(one.reliability[0].reliability.meanHalfR, many.reliability[0].reliability.meanHalfR);
        // A different seed gives different draws.
        const ValidationResult other = run(s, sim.scores, 300, 100, 50);
        QVERIFY(other.correlation[0].pearson.ci.hi != many.correlation[0].pearson.ci.hi);
    }

    void agreementBySeparationByHand() {
        // Eight decisions on eight scenes, models m1/m2, task on. |sie difference| 0.1 .. 0.8, so
        // quartiles hold decisions {1,2}, {3,4}, {5,6}, {7,8}. The lower-sie edit is picked in
        // decisions 2, 4 (tie), 5, 6, 7, 8; decision 1 and 3 pick the other edit.
        std::vector<ABJudgement> j;
        ScoreTable t;
        t.metrics = {"sie"};
        t.declare("sie", ScoreDirection::Lower);
        const char* choice[8] = {"B", "A", "A", "tie", "A", "B", "A", "A"};
        for (int k = 0; k < 8; ++k) {
            const std::string scene = "s" + std::to_string(k);
            const double d = 0.1 * (k + 1);
            // m1 has the lower sie, except in decisions 3 and 6 where m2 has
            const bool m1Lower = !(k == 2 || k == 5);
            t.setEdit(scene, "m1", "on", {m1Lower ? 1.0 : 1.0 + d});
            t.setEdit(scene, "m2", "on", {m1Lower ? 1.0 + d : 1.0});
            ABJudgement a;
            a.rater = "r" + std::to_string(k % 3);
            a.scene = scene;
            a.task = "on";
            a.modelA = "m1";
            a.modelB = "m2";
            a.outcome = *parseChoice(choice[k]);
            j.push_back(a);
        }
        // decisions: 1 B (m2, higher sie: disagree), 2 A (agree), 3 A (m1 higher here: disagree),
        // 4 tie (1/2), 5 A (agree), 6 B (m2 lower here: agree), 7 A, 8 A (agree)
        const ValidationResult r = run(studyFromAB(j), t, 200, 5);
        QCOMPARE(r.agreement.size(), std::size_t(1));
        const auto& a = r.agreement[0];
        QCOMPARE(a.bins[0].value, 0.5);
        QCOMPARE(a.bins[1].value, 0.25);
        QCOMPARE(a.bins[2].value, 1.0);
        QCOMPARE(a.bins[3].value, 1.0);
        QCOMPARE(a.bins[4].value, 5.5 / 8);
        QCOMPARE(a.bins[4].n, std::size_t(8));
        QVERIFY(std::fabs(a.ranges[0].minAbsDiff - 0.1) < 1e-12 && std::fabs(a.ranges[3].maxAbsDiff - 0.8) < 1e-12);
        QVERIFY(a.bins[4].ci.lo <= a.bins[4].value && a.bins[4].value <= a.bins[4].ci.hi);
    }

    void screeningFlagsNoiseRatersAndFailedChecks() {
        auto sim = test::simulateRatings(60, 10, 0.5, 0.8, 21);
        // rater "noisy" answers at random; rater "careless" fails 2 of 3 attention checks
        auto rng = drawRng(5, RngStream::Simulation, 9);
        for (int i = 0; i < 60; ++i) {
            Rating g;
            g.rater = "noisy";
            g.item = "item" + std::to_string(i);
            g.score = 1 + double(uniformIndex(rng, 5));
            sim.ratings.push_back(g);
        }
        for (int k = 0; k < 3; ++k) {
            Rating g;
            g.rater = "r3";
            g.item = "check" + std::to_string(k);
            g.expected = 1;
            g.score = k == 0 ? 1 : 5;
            sim.ratings.push_back(g);
        }
        const StudyData s = studyFromRatings(sim.ratings);
        QCOMPARE(s.checks.size(), std::size_t(3));
        const auto screen = screenRaters(s, ScreeningOptions{});
        QCOMPARE(screen.size(), std::size_t(11));
        for (const auto& r : screen) {
            const bool expectFlag = r.rater == "noisy" || r.rater == "r3";
            QVERIFY2(r.flagged == expectFlag, qPrintable(QString::fromStdString(r.rater + ": " + r.reason)));
        }
        QCOMPARE(screen[3].checksFailed, std::size_t(2));
        QVERIFY(screen[0].looCorrelation > 0.5);
        const StudyData kept = withoutRaters(s, {"noisy"});
        QCOMPARE(kept.obs.size(), s.obs.size() - 60);
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "test_validation.moc"
