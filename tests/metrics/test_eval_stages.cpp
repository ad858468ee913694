// The evaluation's stages as EvalInputs::onStage announces them: in the spec's order (validity mask,
// PSNR and SSIM, SIE and gradients, LFE, regions and bands, quantisation uncertainty), numbered from
// 0 with the number of stages of the call, those the parameters leave out not announced; an observer
// changes no score; one that throws stops the evaluation at that stage, and the same workspace then
// evaluates as a fresh one.
#include "SyntheticScenes.h"
#include "colour/ColourConfig.h"
#include "colour/ModelImagePath.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Evaluate.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace ll;

namespace {

struct Seen {
    std::vector<std::string> names;
    std::vector<int> numbers, totals;
};

EvalInputs observed(EvalInputs in, Seen& seen) {
    in.onStage = [&seen](int stage, int stages, const char* name) {
        seen.names.push_back(name);
        seen.numbers.push_back(stage);
        seen.totals.push_back(stages);
    };
    return in;
}

struct Stop {
    int stage;
};

void compareScores(const EvalScores& a, const EvalScores& b) {
    QVERIFY(a.sie && b.sie && a.lfe && b.lfe);
    QCOMPARE(*a.sie, *b.sie);
    QCOMPARE(*a.lfe, *b.lfe);
    QCOMPARE(*a.sie1, *b.sie1);
    QCOMPARE(a.validPixels, b.validPixels);
    QCOMPARE(*a.regions.at("shadow").sie, *b.regions.at("shadow").sie);
    QCOMPARE(*a.regions.at("shadow").lfe, *b.regions.at("shadow").lfe);
}

} // namespace

class TestEvalStages : public QObject {
    Q_OBJECT

    test::Scene scene_ = test::makeScene(128, 96, 4);
    ModelImagePath path_{ColourConfig::builtin()};
    Codes8 codes_;
    Image edit_;
    EvalInputs in_;

private Q_SLOTS:
    void initTestCase() {
        // An 8-bit edit (codes kept), so the quantisation stage can run.
        codes_ = path_.toCodes(scene_.oracleEdit, 1.0f);
        edit_ = path_.decode(codes_, 1.0f);
        in_.on = &scene_.on;
        in_.off = &scene_.off;
        in_.edit = &edit_;
        in_.editCodes = &codes_;
        in_.task = Task::On;
        Mask region(128, 96, 0);
        for (int y = 20; y < 70; ++y)
            for (int x = 30; x < 100; ++x) region(x, y) = 1;
        in_.regions["shadow"] = region;
    }

    void stagesInTheSpecOrder() {
        Seen seen;
        const EvalResult r = evaluate(observed(in_, seen), {}, false);
        QVERIFY(r.scores.sie && r.scores.lfe);
        const std::vector<std::string> expected{"validity mask", "PSNR and SSIM", "SIE and gradients", "LFE",
                                                "regions and bands"};
        QCOMPARE(seen.names, expected);
        QCOMPARE(seen.numbers, (std::vector<int>{0, 1, 2, 3, 4}));
        QCOMPARE(seen.totals, std::vector<int>(5, 5));
    }

    void stagesTheParametersLeaveOutAreNotAnnounced() {
        MetricParams noClassic;
        noClassic.computeClassic = false;
        Seen a;
        evaluate(observed(in_, a), noClassic, false);
        QCOMPARE(a.names, (std::vector<std::string>{"validity mask", "SIE and gradients", "LFE", "regions and bands"}));
        QCOMPARE(a.totals, std::vector<int>(4, 4));

        MetricParams mc;
        mc.computeUncertainty = true;
        mc.uncertaintyDraws = 4;
        Seen b;
        const EvalResult r = evaluate(observed(in_, b), mc, false);
        QVERIFY(r.scores.uncertainty.has_value());
        QCOMPARE(b.names.size(), std::size_t(6));
        QCOMPARE(b.names.back(), std::string("quantisation uncertainty"));
        QCOMPARE(b.numbers.back(), 5);
        QCOMPARE(b.totals, std::vector<int>(6, 6));
    }

    void anObserverChangesNoScore() {
        Seen seen;
        const EvalResult with = evaluate(observed(in_, seen), {}, KeptMaps::Compact);
        const EvalResult without = evaluate(in_, {}, KeptMaps::Compact);
        compareScores(with.scores, without.scores);
        QCOMPARE(*with.scores.ssim, *without.scores.ssim);
    }

    void throwingStopsAtThatStageAndTheWorkspaceStaysUsable() {
        const EvalResult fresh = evaluate(in_, {}, false);
        EvalWorkspace ws;
        for (int stop = 0; stop < 5; ++stop) {
            EvalInputs in = in_;
            int reached = -1;
            in.onStage = [&](int stage, int, const char*) {
                reached = stage;
                if (stage == stop) throw Stop{stage};
            };
            bool stopped = false;
            try {
                evaluate(in, {}, false, ws);
            } catch (const Stop& s) {
                stopped = s.stage == stop;
            }
            QVERIFY2(stopped, std::to_string(stop).c_str());
            QCOMPARE(reached, stop); // no later stage was announced
            compareScores(evaluate(in_, {}, false, ws).scores, fresh.scores);
        }
    }
};

QTEST_GUILESS_MAIN(TestEvalStages)
#include "test_eval_stages.moc"
