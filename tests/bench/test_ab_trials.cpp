// The A/B trials table (paper Table 2, AbTrials.h) on hand-made trials: shares counted by hand,
// intervals from the independent reference of stats/test_binomial_interval.cpp.
#include "bench/AbTrials.h"
#include "bench/TableWriters.h"
#include "util/Error.h"

#include <QtTest>

#include <cmath>
#include <string>

using namespace ll::bench;

namespace {

std::string trials(const std::string& evaluator, const std::string& model, int real, int generated, int ties,
                   const std::string& task = "") {
    std::string s;
    for (int i = 0; i < real + generated + ties; ++i) {
        const char* choice = i < real ? "real" : i < real + generated ? "generated" : "tie";
        s += evaluator + ",scene" + std::to_string(i) + "," + model + (task.empty() ? "" : "," + task) + "," + choice + "\n";
    }
    return s;
}

const TableRow& rowOf(const Table& t, const std::string& evaluator) {
    for (const auto& r : t.rows)
        if (r.labels[0] == evaluator) return r;
    throw std::runtime_error("no row " + evaluator);
}

} // namespace

class TestAbTrials : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sharesIntervalsAndColumnOrder() {
        // G: a 7 real / 3 generated / 1 tie, b 0 / 12, c 12 / 0; P: a 46 / 24. 105 trials.
        const std::string text = "evaluator,scene,model,choice\n" + trials("G", "a", 7, 3, 1) + trials("G", "b", 0, 12, 0) +
                                 trials("G", "c", 12, 0, 0) + trials("P", "a", 46, 24, 0);
        const AbTrials t = parseAbTrials(text, "t.csv");
        QCOMPARE(t.trials, std::size_t(105));
        QCOMPARE(t.evaluators, (std::vector<std::string>{"G", "P"}));
        AbTableOptions o;
        o.source = "t.csv";
        // The benchmark ranks b first, then a, then z (no trials); c is not ranked.
        const Table table = abTrialsTable(t, {"b", "a", "z"}, o);
        QCOMPARE(table.name, std::string("vlm_ab"));
        QCOMPARE(table.columns.size(), std::size_t(3));
        QCOMPARE(table.columns[0].key, std::string("b"));
        QCOMPARE(table.columns[1].key, std::string("a"));
        QCOMPARE(table.columns[2].key, std::string("c"));
        QCOMPARE(table.rows.size(), std::size_t(2));
        const TableRow& g = rowOf(table, "G");
        QCOMPARE(*g.cells[0].value, 0.0);
        QCOMPARE(*g.cells[0].low, 0.0);
        QVERIFY(std::abs(*g.cells[0].high - 0.264648469397) < 1e-9);
        QCOMPARE(*g.cells[1].value, 0.7);
        QVERIFY(std::abs(*g.cells[1].low - 0.347547149940) < 1e-9);
        QVERIFY(std::abs(*g.cells[1].high - 0.933260488822) < 1e-9);
        QCOMPARE(*g.cells[2].value, 1.0);
        const TableRow& p = rowOf(table, "P");
        QVERIFY(!p.cells[0].value); // P has no trials of b
        QCOMPARE(*p.cells[1].value, 46.0 / 70.0);
        QVERIFY(std::abs(*p.cells[1].low - 0.534004034963) < 1e-9);
        QVERIFY(std::abs(*p.cells[1].high - 0.766518465292) < 1e-9);

        const std::string md = tableToMarkdown(table);
        QVERIFY2(md.find("| G | 0.0% [0.0, 26.5] | 70.0% [34.8, 93.3] | 100.0% [73.5, 100.0] |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("| P | n/a | 65.7% [53.4, 76.7] |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("Decided trials per cell: 10 to 70 (105 trials in t.csv, 1 without a decision left out).") != std::string::npos, md.c_str());
        QVERIFY2(md.find("Not in the benchmark's ranking (listed last, by name): c.") != std::string::npos, md.c_str());
        QVERIFY2(md.find("Ranked models without trials: z.") != std::string::npos, md.c_str());
        const std::string csv = tableToCsv(table);
        QVERIFY2(csv.rfind("evaluator,b,b.low,b.high,a,a.low,a.high,c,c.low,c.high\n", 0) == 0, csv.c_str());
        QVERIFY2(csv.find("G,0.000000,0.000000,0.264648,0.700000,0.347547,0.933260,1.000000,0.735352,1.000000\n") != std::string::npos, csv.c_str());
        const std::string tex = tableToLatex(table);
        QVERIFY2(tex.find("70.0\\% {\\scriptsize [34.8, 93.3]}") != std::string::npos, tex.c_str());
    }
    void wilsonAndLevel() {
        const AbTrials t = parseAbTrials("evaluator,scene,model,choice\n" + trials("G", "a", 3, 37, 0), "t.csv");
        AbTableOptions o;
        o.level = 0.90;
        o.method = ll::stats::BinomialIntervalMethod::Wilson;
        const Table table = abTrialsTable(t, {"a"}, o);
        QVERIFY(std::abs(*table.rows[0].cells[0].low - 0.030370252612) < 1e-9);
        QVERIFY(std::abs(*table.rows[0].cells[0].high - 0.173480178737) < 1e-9);
        QVERIFY(table.caption.find("90% confidence interval (Wilson score)") != std::string::npos);
    }
    void bothTasksGiveARowPerTask() {
        const std::string text = "evaluator,scene,model,task,choice\n" + trials("G", "a", 1, 1, 0, "on") + trials("G", "a", 2, 0, 0, "off");
        const Table table = abTrialsTable(parseAbTrials(text, "t.csv"), {"a"}, {});
        QCOMPARE(table.labelHeaders, (std::vector<std::string>{"Evaluator", "Task"}));
        QCOMPARE(table.rows.size(), std::size_t(2));
        QCOMPARE(table.rows[0].labels[1], std::string("turn-on"));
        QCOMPARE(*table.rows[0].cells[0].value, 0.5);
        QCOMPARE(table.rows[1].labels[1], std::string("turn-off"));
        QCOMPARE(*table.rows[1].cells[0].value, 1.0);
    }
    void badFilesNameTheLine() {
        auto problem = [](const std::string& text) {
            try {
                parseAbTrials(text, "t.csv");
            } catch (const ll::Error& e) {
                return std::string(e.what());
            }
            return std::string("no error");
        };
        QVERIFY(problem("evaluator,scene,model\nG,s,a\n").find("needs a column 'choice'") != std::string::npos);
        QVERIFY(problem("evaluator,scene,model,choice\nG,s,a,real\nG,s,a,maybe\n").find("line 3: choice 'maybe'") != std::string::npos);
        QVERIFY(problem("evaluator,scene,model,task,choice\nG,s,a,sideways,real\n").find("line 2: unknown task 'sideways'") != std::string::npos);
        QVERIFY(problem("evaluator,scene,model,choice\n,s,a,real\n").find("line 2: empty evaluator") != std::string::npos);
        QVERIFY(problem("evaluator,scene,model,choice\n").find("has no trials") != std::string::npos);
        QVERIFY(problem("evaluator,scene,model,choice\nG,s,a\n").find("line 2: 3 fields") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestAbTrials)
#include "test_ab_trials.moc"
