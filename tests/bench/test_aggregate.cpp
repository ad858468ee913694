// Dataset aggregation helpers: best x% means, undefined scores as worst, fractional ranks, the
// uncertainty of a mean, relative-to-best.
#include "bench/Aggregate.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace ll::bench;

class TestAggregate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bestCountRoundsUp() {
        QCOMPARE(bestCount(10, 80), std::size_t(8));
        QCOMPARE(bestCount(11, 80), std::size_t(9)); // 8.8 -> 9
        QCOMPARE(bestCount(5, 50), std::size_t(3));  // 2.5 -> 3
        QCOMPARE(bestCount(100, 70), std::size_t(70));
        QCOMPARE(bestCount(3, 100), std::size_t(3));
        QCOMPARE(bestCount(1, 50), std::size_t(1));
        QCOMPARE(bestCount(0, 80), std::size_t(0));
        QCOMPARE(bestCount(1000, 90), std::size_t(900)); // no spurious 901 from 0.9 * 1000
    }

    void bestMeanAveragesTheLowest() {
        const std::vector<std::optional<double>> s = {5.0, 1.0, 4.0, 2.0, 3.0};
        const auto b = bestFractionMean(s, 60); // ceil(3) = 3 best: 1, 2, 3
        QVERIFY(b.mean);
        QCOMPARE(*b.mean, 2.0);
        QCOMPARE(b.used, std::size_t(3));
        QCOMPARE(b.total, std::size_t(5));
        QCOMPARE(b.selected, (std::vector<std::size_t>{1, 3, 4}));
        QCOMPARE(*bestFractionMean(s, 100).mean, 3.0);
    }

    void undefinedCountsAsWorst() {
        const std::vector<std::optional<double>> s = {std::nullopt, 1.0, 3.0, std::numeric_limits<double>::quiet_NaN(), 2.0};
        const auto b80 = bestFractionMean(s, 60); // 3 best: 1, 2, 3 -> defined
        QCOMPARE(b80.undefined, std::size_t(2));
        QCOMPARE(*b80.mean, 2.0);
        const auto b100 = bestFractionMean(s, 100); // includes undefined -> no mean
        QVERIFY(!b100.mean);
        QCOMPARE(b100.undefined, std::size_t(2));
        QVERIFY(!bestFractionMean({}, 80).mean);
    }

    void ranksShareTies() {
        const auto r = fractionalRanks({2.0, 1.0, 2.0, std::nullopt, 5.0}, true);
        QCOMPARE(r, (std::vector<double>{2.5, 1.0, 2.5, 5.0, 4.0}));
        const auto h = fractionalRanks({2.0, 1.0, 3.0}, false); // higher is better
        QCOMPARE(h, (std::vector<double>{2.0, 3.0, 1.0}));
        const auto u = fractionalRanks({std::nullopt, std::nullopt, 1.0}, true);
        QCOMPARE(u, (std::vector<double>{2.5, 2.5, 1.0}));
    }

    void averageRankOverColumns() {
        // Three models, four columns (SIE on, LFE on, SIE off, LFE off).
        const std::vector<std::vector<std::optional<double>>> cols = {
            {0.8, 0.9, 1.2}, {1.6, 1.6, 1.7}, {0.7, 0.8, 0.9}, {1.6, 1.7, 1.6}};
        const auto r = averageRanks(cols);
        QCOMPARE(r[0], (1 + 1.5 + 1 + 1.5) / 4.0);
        QCOMPARE(r[1], (2 + 1.5 + 2 + 3) / 4.0);
        QCOMPARE(r[2], (3 + 3 + 3 + 1.5) / 4.0);
    }

    void sigmaOfMeanIsRootSumSquaresOverN() {
        QCOMPARE(*sigmaOfMean({3.0, 4.0}), 5.0 / 2.0);
        QVERIFY(!sigmaOfMean({}));
        QVERIFY(!sigmaOfMean({1.0, std::nullopt}));
    }

    void relativeIncrease() {
        QCOMPARE(*relativeToBest(1.5, 1.0), 0.5);
        QCOMPARE(*relativeToBest(1.0, 1.0), 0.0);
        QVERIFY(!relativeToBest(std::nullopt, 1.0));
        QVERIFY(!relativeToBest(1.0, 0.0));
    }

    void plainMeanSkipsNonFinite() {
        const auto m = meanOfFinite({1.0, std::numeric_limits<double>::infinity(), 3.0, std::nullopt});
        QCOMPARE(*m.mean, 2.0);
        QCOMPARE(m.used, std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestAggregate)
#include "test_aggregate.moc"
