// lightlens-cli compare's table (CompareRuns.h) on hand-made runs, every value worked out by hand.
#include "bench/CompareRuns.h"
#include "bench/TableWriters.h"

#include <QtTest>

#include <cmath>

using namespace ll::bench;

namespace {

ScoreRow row(const std::string& scene, const std::string& model, double sie) {
    ScoreRow r;
    r.scene = scene;
    r.model = model;
    r.task = ll::Task::On;
    r.sie = sie;
    return r;
}

const TableRow& rowOf(const Table& t, const std::string& model) {
    for (const auto& r : t.rows)
        if (r.labels[0] == model) return r;
    throw std::runtime_error("no row " + model);
}

} // namespace

class TestCompareRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deltasAndHolmCorrectedTests() {
        // Model a: +0.5 on each of 3 matched scenes (tied |d| -> normal approximation: ranks 2, 2, 2,
        // W+ = 6, T = 0, mean 3, var = 3*4*7/24 - (27 - 3)/48 = 3, z = -sqrt(3), p = 0.0832645166...);
        // the run also has s4 (10), unmatched: it counts in the run's mean, not in the test.
        // Model b: differences +0.1, -0.2, +0.3 (exact: T = 2, p = 0.75).
        // Holm over {0.08326, 0.75}: 2 * 0.08326 = 0.16653, then max(0.16653, 0.75) = 0.75.
        // The do-nothing baseline is not compared; a model only in the run is not either.
        const std::vector<ScoreRow> base = {row("s1", "a", 1), row("s2", "a", 2), row("s3", "a", 3),
                                            row("s1", "b", 1), row("s2", "b", 1), row("s3", "b", 1),
                                            row("s1", "do_nothing", 5)};
        const std::vector<ScoreRow> run = {row("s1", "a", 1.5), row("s2", "a", 2.5), row("s3", "a", 3.5),
                                           row("s4", "a", 10),  row("s1", "b", 1.1), row("s2", "b", 0.8),
                                           row("s3", "b", 1.3), row("s1", "do_nothing", 6), row("s1", "new", 1)};
        const Table t = compareRuns(base, run, {});
        QCOMPARE(t.rows.size(), std::size_t(2));
        QCOMPARE(t.columns[0].key, std::string("on.sie"));
        QCOMPARE(t.columns[1].key, std::string("on.sie.delta"));
        QCOMPARE(t.columns[2].key, std::string("on.sie.p_holm"));
        QCOMPARE(t.columns[3].key, std::string("on.sie.n"));
        const auto& a = rowOf(t, "a");
        // best 80% of 4 run images = ceil(3.2) = 4: (1.5 + 2.5 + 3.5 + 10) / 4 = 4.375; baseline (1+2+3)/3 = 2
        QCOMPARE(*a.cells[0].value, 4.375);
        QCOMPARE(*a.cells[1].value, 2.375);
        QVERIFY(std::abs(*a.cells[2].value - 0.16652903332710087) < 1e-12);
        QCOMPARE(*a.cells[3].value, 3.0);
        const auto& b = rowOf(t, "b");
        // best 80% of 3 = 3 images: (1.1 + 0.8 + 1.3) / 3 - 1
        QVERIFY(std::abs(*b.cells[1].value - (3.2 / 3 - 1)) < 1e-12);
        QCOMPARE(*b.cells[2].value, 0.75);
        // LFE was not scored: no value, no test
        QVERIFY(!a.cells[4].value && !a.cells[6].value);
        QCOMPARE(*a.cells[7].value, 0.0);
        const std::string md = tableToMarkdown(t);
        QVERIFY(md.find("+2.375") != std::string::npos);
        QVERIFY(md.find("(normal approximation)") != std::string::npos && md.find("(exact)") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestCompareRuns)
#include "test_compare_runs.moc"
