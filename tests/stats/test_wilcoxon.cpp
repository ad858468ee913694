// Wilcoxon signed-rank test and Holm correction against values worked out by hand (the sums, ranks
// and the exact distribution counted out below; the normal approximation's formula of
// scipy.stats.wilcoxon, zero_method="wilcox", correction=False, evaluated separately).
#include "stats/Wilcoxon.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <vector>

using ll::stats::holmAdjust;
using ll::stats::wilcoxonSignedRank;

class TestWilcoxon : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exactAllPositive() {
        // ranks 1..5 all positive: W+ = 15, W- = 0; of the 2^5 sign patterns only one has W- <= 0,
        // so p = 2 * 1/32.
        const std::vector<double> d = {1, 2, 3, 4, 5};
        const auto r = wilcoxonSignedRank(d);
        QVERIFY(r.exact);
        QCOMPARE(r.n, std::size_t(5));
        QCOMPARE(r.wPlus, 15.0);
        QCOMPARE(r.wMinus, 0.0);
        QCOMPARE(r.p, 0.0625);
    }

    void exactOneNegative() {
        // -1 has rank 1: W- = 1, W+ = 14, T = 1; subsets of {1..5} summing to <= 1: {} and {1}: 2/32;
        // p = 2 * 2/32 = 0.125.
        const std::vector<double> d = {-1, 2, 3, 4, 5};
        const auto r = wilcoxonSignedRank(d);
        QVERIFY(r.exact);
        QCOMPARE(r.statistic, 1.0);
        QCOMPARE(r.p, 0.125);
        // Three ranks, T = 2: {}, {1}, {2} of 8 patterns -> p = 2 * 3/8.
        const auto s = wilcoxonSignedRank(std::vector<double>{0.1, -0.2, 0.3});
        QCOMPARE(s.p, 0.75);
    }

    void normalApproximationWithTiesAndZero() {
        // The zero is dropped (n = 6); |d| = 1, 2, 2, 3, 3, 3 -> ranks 1, 2.5, 2.5, 5, 5, 5.
        // W+ = 1 + 2.5 + 15 = 18.5, W- = 2.5, T = 2.5, mean = 6*7/4 = 10.5,
        // var = 6*7*13/24 - ((2^3-2) + (3^3-3))/48 = 22.75 - 0.625 = 22.125,
        // z = -8 / sqrt(22.125) = -1.70078081..., p = 2 Phi(-|z|) = 0.0889841538...
        const std::vector<double> d = {1, -2, 2, 3, 3, 3, 0};
        const auto r = wilcoxonSignedRank(d);
        QVERIFY(!r.exact);
        QCOMPARE(r.n, std::size_t(6));
        QCOMPARE(r.zeros, std::size_t(1));
        QCOMPARE(r.wPlus, 18.5);
        QCOMPARE(r.wMinus, 2.5);
        QVERIFY(std::abs(r.z - -1.7007808110487486) < 1e-12);
        QVERIFY(std::abs(r.p - 0.08898415384687433) < 1e-12);
    }

    void normalApproximationForLargeN() {
        // 1..60 all positive, no ties, n > 50: T = 0, mean = 915, var = 60*61*121/24 = 18452.5,
        // z = -6.7358667..., p = 1.6295557943e-11.
        std::vector<double> d(60);
        std::iota(d.begin(), d.end(), 1.0);
        const auto r = wilcoxonSignedRank(d);
        QVERIFY(!r.exact);
        QVERIFY(std::abs(r.z - -6.735866746488256) < 1e-12);
        QVERIFY(std::abs(r.p / 1.6295557943119322e-11 - 1) < 1e-9);
    }

    void emptyAndBadInput() {
        const auto r = wilcoxonSignedRank(std::vector<double>{0, 0});
        QCOMPARE(r.n, std::size_t(0));
        QCOMPARE(r.p, 1.0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 wilcoxonSignedRank(std::vector<double>{1, std::numeric_limits<double>::quiet_NaN()}));
    }

    void holm() {
        // sorted 0.01, 0.03, 0.04 times 3, 2, 1 = 0.03, 0.06, 0.04 -> non-decreasing 0.03, 0.06, 0.06
        const auto a = holmAdjust(std::vector<double>{0.01, 0.04, 0.03});
        QCOMPARE(a, (std::vector<double>{0.03, 0.06, 0.06}));
        const auto b = holmAdjust(std::vector<double>{0.5, 0.6});
        QCOMPARE(b, (std::vector<double>{1.0, 1.0}));
        QVERIFY(holmAdjust(std::vector<double>{}).empty());
    }
};

QTEST_APPLESS_MAIN(TestWilcoxon)
#include "test_wilcoxon.moc"
