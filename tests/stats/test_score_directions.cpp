// Score direction from the data: simulated A/B studies with a known answer, validated once with a
// higher-is-better and once with a lower-is-better column (declared in the sidecar written next to
// the score table), and once oriented the wrong way on purpose; no direction guessed from a name;
// the ranking against each model's full leaderboard; the minimum judgements per ranked model; rater
// screening that drops raters and recounts what is left.
#include "stats/Csv.h"
#include "stats/ItemScores.h"
#include "stats/ScoreTable.h"
#include "stats/ScreenAndValidate.h"
#include "stats/StudyData.h"
#include "stats/Validation.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::stats;
namespace fs = std::filesystem;

namespace {

// Known answer, models m0..m3 of quality q = 0..3 on judged scenes s0..s5 (task on). Every scene
// shows every pair (6) to raters r0..r3 with the worse model as A. Pairs one quality step apart:
// r0, r1, r2 pick the better model, r3 the worse; pairs further apart: all four pick the better.
// Score columns: quality = q (higher is better), error = 5 - q (lower is better), board = 3 - q on
// the judged scenes but 10 q on 30 unjudged scenes u0..u29 (higher is better), unlabelled = q (no
// declared direction).
//
// By hand, per scene: 3 one-step pairs x 4 decisions with 3 agreeing + 3 wider pairs x 4 agreeing
// = 21 of 24 decisions side with the better-scored edit: agreement 0.875 (0.125 oriented the wrong
// way). Items (canonical first = the worse model): x = q_first - q_second = -gap, h = 2p - 1 =
// -0.5 (gap 1) or -1 (gap 2, 3); over x = (-1,-1,-1,-2,-2,-3), h = (-.5,-.5,-.5,-1,-1,-1):
// sum dx dh = 1, sum dx^2 = 10/3, sum dh^2 = 3/8, Pearson r = 1 / sqrt(10/8) = 2 / sqrt(5).
// Bradley-Terry orders m3 > m2 > m1 > m0 (every model beats every worse one), so Kendall tau
// against quality is 1. Board: over the judged edits alone the means 3 - q would give tau = -1;
// over the full leaderboard the means (6 (3 - q) + 30 * 10 q) / 36 rise with q: tau = +1, with
// m0 at 18/36 = 0.5 and m3 at 900/36 = 25.
struct KnownStudy {
    std::vector<ABJudgement> judgements;
    std::string scores;
};

KnownStudy knownStudy() {
    KnownStudy k;
    for (int s = 0; s < 6; ++s)
        for (int a = 0; a < 4; ++a)
            for (int b = a + 1; b < 4; ++b)
                for (int r = 0; r < 4; ++r) {
                    ABJudgement j;
                    j.rater = "r" + std::to_string(r);
                    j.scene = "s" + std::to_string(s);
                    j.task = "on";
                    j.modelA = "m" + std::to_string(a);
                    j.modelB = "m" + std::to_string(b);
                    j.outcome = (b - a == 1 && r == 3) ? 1.0 : 0.0; // 1: A (the worse) preferred
                    k.judgements.push_back(j);
                }
    k.scores = "scene,model,task,quality,error,board,unlabelled,judged_count\n";
    const auto row = [&](const std::string& scene, int q, double board) {
        k.scores += csvRow({scene, "m" + std::to_string(q), "on", std::to_string(q), std::to_string(5 - q),
                            std::to_string(board), std::to_string(q), "3"});
    };
    for (int s = 0; s < 6; ++s)
        for (int q = 0; q < 4; ++q) row("s" + std::to_string(s), q, 3 - q);
    for (int s = 0; s < 30; ++s)
        for (int q = 0; q < 4; ++q) row("u" + std::to_string(s), q, 10 * q);
    return k;
}

const char* kSidecar = R"({"format": "lightlens-columns/1", "file": "scores.csv", "task_groups": true,
  "columns": [{"name": "scene", "role": "key"}, {"name": "model", "role": "key"}, {"name": "task", "role": "key"},
              {"name": "quality", "role": "score", "better": "higher"},
              {"name": "error", "role": "score", "better": "lower"},
              {"name": "board", "role": "score", "better": "higher"},
              {"name": "judged_count", "role": "count"}]})";

const AgreementRow& agreementOf(const ValidationResult& r, const std::string& metric) {
    for (const auto& a : r.agreement)
        if (a.group == "all" && a.metric == metric) return a;
    throw std::runtime_error("no agreement row " + metric);
}
const CorrelationRow& correlationOf(const ValidationResult& r, const std::string& metric) {
    for (const auto& c : r.correlation)
        if (c.group == "all" && c.metric == metric) return c;
    throw std::runtime_error("no correlation row " + metric);
}
const RankAgreementRow& rankingOf(const ValidationResult& r, const std::string& metric) {
    for (const auto& c : r.ranking)
        if (c.group == "all" && c.metric == metric) return c;
    throw std::runtime_error("no ranking row " + metric);
}

template <class F> QString errorOf(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestScoreDirections : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path scoresPath_;

    ValidationResult run(const ScoreTable& t, const std::vector<std::string>& metrics, int minJudgements = 10) {
        ValidationOptions o;
        o.draws = 50;
        o.splits = 20;
        o.minModelJudgements = minJudgements;
        return screenAndValidate(studyFromAB(knownStudy().judgements), t, metrics, o, false);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(tmp_.isValid());
        scoresPath_ = fs::path(tmp_.path().toStdString()) / "scores.csv";
        test::writeBytes(scoresPath_, knownStudy().scores);
        test::writeBytes(fs::path(tmp_.path().toStdString()) / "scores.columns.json", kSidecar);
    }

    void declaredDirectionsGiveTheKnownAnswer() {
        const ScoreTable t = loadScoreTable(scoresPath_);
        QCOMPARE(t.direction("quality"), std::optional<ScoreDirection>(ScoreDirection::Higher));
        QCOMPARE(t.direction("error"), std::optional<ScoreDirection>(ScoreDirection::Lower));
        QVERIFY(!t.direction("unlabelled"));
        // A declared count is never a metric.
        QCOMPARE(t.metrics, (std::vector<std::string>{"quality", "error", "board", "unlabelled"}));
        QCOMPARE(validationMetrics(t, {}), (std::vector<std::string>{"quality", "error", "board"}));
        QVERIFY(errorOf([&] { t.metricIndex("judged_count"); }).contains("declared as a count column, not a score"));

        const ValidationResult r = run(t, {"quality", "error", "board"});
        QCOMPARE(r.directions, (std::vector<std::string>{"higher", "lower", "higher"}));
        for (const char* m : {"quality", "error"}) {
            QCOMPARE(agreementOf(r, m).bins[4].value, 21.0 / 24.0);
            QVERIFY(std::fabs(correlationOf(r, m).pearson.value - 2 / std::sqrt(5.0)) < 1e-12);
            QCOMPARE(rankingOf(r, m).kendall.value, 1.0);
            QCOMPARE(rankingOf(r, m).kendall.n, std::size_t(4));
        }
        // Bradley-Terry: m3 > m2 > m1 > m0.
        std::vector<std::string> order;
        for (const auto& s : r.strengths)
            if (s.group == "all") order.push_back(s.model);
        QCOMPARE(order, (std::vector<std::string>{"m3", "m2", "m1", "m0"}));
    }

    void wrongOrientationIsUpsideDown() {
        ScoreTable t = loadScoreTable(scoresPath_);
        t.declare("quality", ScoreDirection::Lower); // what a name-based guess does to a higher-is-better score
        t.declare("error", ScoreDirection::Higher);
        const ValidationResult r = run(t, {"quality", "error"});
        for (const char* m : {"quality", "error"}) {
            QCOMPARE(agreementOf(r, m).bins[4].value, 3.0 / 24.0);
            QVERIFY(std::fabs(correlationOf(r, m).pearson.value + 2 / std::sqrt(5.0)) < 1e-12);
            QCOMPARE(rankingOf(r, m).kendall.value, -1.0);
        }
    }

    void undeclaredColumnNeedsADirection() {
        ScoreTable t = loadScoreTable(scoresPath_);
        const StudyData s = studyFromAB(knownStudy().judgements);
        QCOMPARE(errorOf([&] { attachScores(s, t, {"unlabelled"}); }),
                 QString::fromStdString(scoresPath_.string() +
                                        ": score column 'unlabelled' has no declared direction: give --higher "
                                        "unlabelled or --lower unlabelled"));
        t.declare("unlabelled", ScoreDirection::Higher);
        QCOMPARE(agreementOf(run(t, {"unlabelled"}), "unlabelled").bins[4].value, 21.0 / 24.0);
        // Without a sidecar nothing is known, whatever the names.
        const ScoreTable bare = parseScoreTable("scene,model,task,psnr,sie\ns0,m0,on,30,0.1\n", "bare.csv");
        QVERIFY(!bare.direction("psnr") && !bare.direction("sie"));
        QVERIFY(errorOf([&] { validationMetrics(bare, {}); }).startsWith("bare.csv: no score column has a declared direction"));
    }

    void rankingUsesTheFullLeaderboard() {
        const ScoreTable t = loadScoreTable(scoresPath_);
        const ValidationResult r = run(t, {"board"});
        // Item level, board runs against the judged order ...
        QCOMPARE(agreementOf(r, "board").bins[4].value, 3.0 / 24.0);
        // ... but the leaderboard over all 36 scenes orders the models like the raters.
        const RankAgreementRow& k = rankingOf(r, "board");
        QCOMPARE(k.kendall.value, 1.0);
        QCOMPARE(k.models, (std::vector<std::string>{"m0", "m1", "m2", "m3"}));
        QVERIFY(std::fabs(k.leaderboardMeans[0] - 0.5) < 1e-12);
        QVERIFY(std::fabs(k.leaderboardMeans[3] - 25.0) < 1e-12);
    }

    void minimumJudgementsPerRankedModel() {
        const ScoreTable t = loadScoreTable(scoresPath_);
        // Each model is in 3 pairs x 6 scenes x 4 raters = 72 judgements.
        QCOMPARE(rankingOf(run(t, {"quality"}, 72), "quality").kendall.n, std::size_t(4));
        const ValidationResult r = run(t, {"quality"}, 73);
        QCOMPARE(rankingOf(r, "quality").kendall.n, std::size_t(0));
        QVERIFY(std::isnan(rankingOf(r, "quality").kendall.value));
        for (const auto& s : r.strengths) QVERIFY(!s.ranked);
    }

    void screeningDropsRatersAndWhatOnlyTheyJudged() {
        // Models a (q 0), d (q 1), b (q 2), c (q 3), so the canonical first model is sometimes the
        // better one. Raters r0..r3 always pick the better edit; "contrarian" always the worse, and
        // alone judges scene "lonely" and model e. Leave-one-out r by hand: a regular rater's own
        // values v (1 when the first is better) against the others' (3 v + 1 - v) / 4: r = 1; the
        // contrarian's 1 - v against v: r = -1.
        const std::map<std::string, int> q{{"a", 0}, {"d", 1}, {"b", 2}, {"c", 3}, {"e", 4}};
        std::vector<ABJudgement> js;
        std::string scores = "scene,model,task,quality\n";
        const auto judge = [&](const std::string& rater, const std::string& scene, const std::string& x,
                               const std::string& y, bool pickBetter) {
            ABJudgement j{rater, scene, "on", x, y, 0.5, {}, std::nullopt, 0};
            j.outcome = ((q.at(x) > q.at(y)) == pickBetter) ? 1.0 : 0.0;
            js.push_back(j);
        };
        const std::vector<std::string> models{"a", "b", "c", "d"};
        for (int s = 0; s < 6; ++s) {
            const std::string scene = "s" + std::to_string(s);
            for (std::size_t i = 0; i < 4; ++i)
                for (std::size_t k = i + 1; k < 4; ++k) {
                    for (int r = 0; r < 4; ++r) judge("r" + std::to_string(r), scene, models[i], models[k], true);
                    judge("contrarian", scene, models[i], models[k], false);
                }
            for (const auto& m : models) scores += csvRow({scene, m, "on", std::to_string(q.at(m))});
            scores += csvRow({scene, "e", "on", "4"});
        }
        judge("contrarian", "lonely", "a", "d", false);
        judge("contrarian", "s0", "e", "a", false);
        for (const auto& m : models) scores += csvRow({"lonely", m, "on", std::to_string(q.at(m))});
        ScoreTable t = parseScoreTable(scores, "scores.csv");
        t.declare("quality", ScoreDirection::Higher);
        const StudyData raw = studyFromAB(js);
        QCOMPARE(raw.raters.size(), std::size_t(5));
        QCOMPARE(raw.items.size(), std::size_t(36 + 2));

        ValidationOptions o;
        o.draws = 50;
        o.splits = 20;
        o.screening.minCorrelation = 0.2481;
        o.screening.dropBelowMinCorrelation = true;
        StudyData analysed;
        const ValidationResult r = screenAndValidate(raw, t, {"quality"}, o, false, &analysed);
        QCOMPARE(r.excludedRaters, (std::vector<std::string>{"contrarian"}));
        for (const auto& s : r.screening) {
            QCOMPARE(s.dropped, s.rater == "contrarian");
            QVERIFY(std::fabs(s.looCorrelation - (s.rater == "contrarian" ? -1.0 : 1.0)) < 1e-12);
        }
        QCOMPARE(r.raters, std::size_t(4));
        QCOMPARE(r.items, std::size_t(36));
        QCOMPARE(r.scenes, std::size_t(6));
        QCOMPARE(r.observations, std::size_t(36 * 4));
        QCOMPARE(analysed.models.size(), std::size_t(4));
        std::size_t strengths = 0;
        for (const auto& s : r.strengths) {
            QVERIFY(s.model != "e");
            strengths += s.group == "all";
        }
        QCOMPARE(strengths, std::size_t(4));
        QCOMPARE(rankingOf(r, "quality").kendall.n, std::size_t(4));
        QCOMPARE(rankingOf(r, "quality").kendall.value, 1.0);
        QCOMPARE(agreementOf(r, "quality").bins[4].value, 1.0);
        // Human-human agreement over the remaining raters: every judgement sides with the others.
        QCOMPARE(r.humanAgreement.size(), std::size_t(1));
        QCOMPARE(r.humanAgreement[0].value, 1.0);
        QCOMPARE(r.humanAgreement[0].decisions, std::size_t(36 * 4));

        // Without the threshold the contrarian is flagged (r < 0.2) but kept, with all they judged.
        ValidationOptions keep = o;
        keep.screening.minCorrelation = 0.2;
        keep.screening.dropBelowMinCorrelation = false;
        const ValidationResult k = screenAndValidate(raw, t, {"quality"}, keep, false);
        QCOMPARE(k.raters, std::size_t(5));
        QCOMPARE(k.items, std::size_t(38));
        QVERIFY(k.excludedRaters.empty());
        for (const auto& s : k.screening) QCOMPARE(s.flagged, s.rater == "contrarian");
    }

    // per_task.csv carries scene, model, task and item: a row is found by its edit (A/B studies)
    // and by its item name (ratings files that name items); a repeated item is an error.
    void rowsByEditAndByItem() {
        const ScoreTable t = parseScoreTable("scene,model,task,item,gate\nk1,m,k1,k1/m,0.25\nk2,m,k2,k2/m,0.75\n", "pt.csv");
        QCOMPARE(t.metrics, (std::vector<std::string>{"gate"}));
        QCOMPARE(t.value(ScoreTable::editKey("k2", "m", "k2"), 0), 0.75);
        QCOMPARE(t.value("k1/m", 0), 0.25);
        QCOMPARE(t.edits().size(), std::size_t(2));
        QCOMPARE(errorOf([] { parseScoreTable("scene,model,task,item,gate\na,m,a,x,1\nb,m,b,x,2\n", "pt.csv"); }),
                 QString("pt.csv: line 3: duplicate row for item 'x'"));
    }

    void sidecarErrorsNameTheFile() {
        const fs::path dir = fs::path(tmp_.path().toStdString()) / "bad";
        fs::create_directories(dir);
        test::writeBytes(dir / "s.csv", "scene,model,task,x\ns,m,on,1\n");
        test::writeBytes(dir / "s.columns.json", R"({"format": "lightlens-columns/1", "columns": [{"name": "x", "role": "score"}]})");
        QCOMPARE(errorOf([&] { loadScoreTable(dir / "s.csv"); }),
                 QString::fromStdString((dir / "s.columns.json").string() + ": score column 'x' has no \"better\" (higher or lower)"));
        test::writeBytes(dir / "s.columns.json", "{\"format\": ");
        QVERIFY(errorOf([&] { loadScoreTable(dir / "s.csv"); })
                    .startsWith(QString::fromStdString((dir / "s.columns.json").string() + ": malformed JSON")));
    }
};

QTEST_GUILESS_MAIN(TestScoreDirections)
#include "test_score_directions.moc"
