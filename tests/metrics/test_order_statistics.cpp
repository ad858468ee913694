// Exact order statistics: hand-computed medians, MADs and type-7 percentiles, and agreement with a
// sorting-based reference on random data (odd and even counts, ties).
#include "metrics/OrderStatistics.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace ll;

namespace {

double sortedPercentile(std::vector<float> v, double p) {
    std::sort(v.begin(), v.end());
    const double pos = p / 100.0 * double(v.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return double(v[lo]) + (double(v[hi]) - double(v[lo])) * (pos - double(lo));
}

} // namespace

class TestOrderStatistics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handComputed() {
        // Values of a 4x4 image, row by row:
        //   1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 100
        // Sorted: 1..15, 100. n = 16 (even): median = (x8 + x9)/2 = (8 + 9)/2 = 8.5.
        // |x - 8.5| = 7.5 6.5 5.5 4.5 3.5 2.5 1.5 0.5 0.5 1.5 2.5 3.5 4.5 5.5 6.5 91.5
        // sorted: 0.5 0.5 1.5 1.5 2.5 2.5 3.5 3.5 4.5 4.5 5.5 5.5 6.5 6.5 7.5 91.5 -> MAD = (3.5+4.5)/2 = 4.
        std::vector<float> v{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 100};
        std::shuffle(v.begin(), v.end(), std::mt19937(3));
        const MedianMad mm = medianAndMad(v);
        QCOMPARE(mm.median, 8.5);
        QCOMPARE(mm.mad, 4.0);
        QCOMPARE(mm.count, std::size_t(16));

        // Odd count {3, 1, 2, 10, 4}: sorted 1 2 3 4 10, median 3; |x-3| = 0 1 1 2 7 -> sorted 0 1 1 2 7,
        // MAD = 1.
        std::vector<float> w{3, 1, 2, 10, 4};
        const MedianMad m2 = medianAndMad(w);
        QCOMPARE(m2.median, 3.0);
        QCOMPARE(m2.mad, 1.0);

        // Type 7: P80 of {1, 2, 3, 4, 5}: pos = 0.8 * 4 = 3.2 -> 4 + 0.2 * (5 - 4) = 4.2.
        std::vector<float> p{5, 3, 1, 4, 2};
        QCOMPARE(percentileOf(p, 80.0), 4.2);
        // P99 of {0, 10}: pos = 0.99 -> 9.9. P0 and P100 are the extremes.
        std::vector<float> q{10, 0};
        QVERIFY(std::abs(percentileOf(q, 99.0) - 9.9) < 1e-12);
        QCOMPARE(percentileOf(q, 0.0), 0.0);
        QCOMPARE(percentileOf(q, 100.0), 10.0);
    }

    void emptyGivesNaN() {
        std::vector<float> e;
        QVERIFY(std::isnan(medianOf(e)));
        QVERIFY(std::isnan(percentileOf(e, 50)));
        QVERIFY(std::isnan(medianAndMad(e).mad));
    }

    void agreesWithSortingOnRandomData() {
        std::mt19937 rng(11);
        for (int trial = 0; trial < 200; ++trial) {
            const std::size_t n = 1 + rng() % 300;
            std::vector<float> v(n);
            const bool ties = trial % 3 == 0;
            for (auto& x : v) x = ties ? float(rng() % 7) : std::uniform_real_distribution<float>(-5, 5)(rng);
            for (double p : {0.0, 1.0, 20.0, 50.0, 80.0, 99.0, 100.0}) {
                std::vector<float> a = v;
                QCOMPARE(percentileOf(a, p), sortedPercentile(v, p));
            }
            std::vector<float> a = v;
            QCOMPARE(medianOf(a), sortedPercentile(v, 50.0));
        }
    }

    void largeInputsUseExactSampledSelection() {
        // >= 65536 values take the sample-bracketed path: compare with sorting, including ties, negatives,
        // values within one high-16-bit bucket and the MAD computed without storing deviations.
        std::mt19937 rng(17);
        for (int trial = 0; trial < 6; ++trial) {
            const std::size_t n = 70000 + std::size_t(trial) * 12345 + std::size_t(trial % 2);
            std::vector<float> v(n);
            for (auto& x : v) {
                switch (trial % 3) {
                case 0: x = std::uniform_real_distribution<float>(-100, 100)(rng); break;
                case 1: x = float(rng() % 50) * 0.25f; break;                               // many ties
                default: x = 1.0f + std::uniform_real_distribution<float>(0, 1e-4f)(rng); break; // one bucket
                }
            }
            for (double p : {0.0, 1.0, 50.0, 80.0, 99.0, 100.0}) {
                std::vector<float> a = v;
                QCOMPARE(percentileOf(a, p), sortedPercentile(v, p));
            }
            std::vector<float> a = v;
            const MedianMad mm = medianAndMad(a);
            const double med = sortedPercentile(v, 50.0);
            QCOMPARE(mm.median, med);
            std::vector<float> dev(n);
            for (std::size_t i = 0; i < n; ++i) dev[i] = float(std::abs(double(v[i]) - mm.median));
            QCOMPARE(mm.mad, sortedPercentile(dev, 50.0));
        }
    }
};

QTEST_GUILESS_MAIN(TestOrderStatistics)
#include "test_order_statistics.moc"
