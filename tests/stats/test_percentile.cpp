// The one type-7 percentile (util/Percentile.h) against values worked out by hand with numpy's rule
// (numpy.percentile(v, p) with the default method 'linear'): pos = p/100 (n - 1), interpolate between
// the order statistics around it.
#include "stats/Percentile.h"
#include "util/Percentile.h"

#include <QtTest>

#include <limits>
#include <random>
#include <vector>

using namespace ll;

class TestPercentile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handCases() {
        // v = 4, 1, 3, 2 (sorted 1 2 3 4): p 50 -> pos 1.5 -> 2.5; p 90 -> pos 2.7 -> 3.7; p 25 -> pos 0.75
        // -> 1.75; the ends are the extremes; p outside [0, 100] is clamped.
        const std::vector<double> v{4, 1, 3, 2};
        const std::vector<std::pair<double, double>> cases{{50, 2.5}, {90, 3.7}, {25, 1.75}, {0, 1}, {100, 4}, {-5, 1}, {120, 4}};
        for (const auto& [p, want] : cases) {
            std::vector<double> a = v;
            QCOMPARE(percentileInPlace(a, p), want);
            std::vector<double> s{1, 2, 3, 4};
            QCOMPARE(percentileOfSorted(s, p), want);
        }
        // One value; float input interpolated in double: 0.1f and 0.2f at p 50 -> their mean in double.
        std::vector<float> one{7.5f};
        QCOMPARE(percentileInPlace(one, 33.0), 7.5);
        std::vector<float> f{0.2f, 0.1f};
        QCOMPARE(percentileInPlace(f, 50.0), (double(0.1f) + double(0.2f)) / 2.0);
        std::vector<double> empty;
        QVERIFY(std::isnan(percentileInPlace(empty, 50.0)));
        // Ties: 1 1 1 5 at p 50 -> pos 1.5 between 1 and 1 -> 1.
        std::vector<int> ties{5, 1, 1, 1};
        QCOMPARE(percentileInPlace(ties, 50.0), 1.0);
    }

    void selectionEqualsSorting() {
        // An independent slow computation: sort, then the rule written out.
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> u(-3, 3);
        for (int n : {1, 2, 3, 10, 101, 1000}) {
            std::vector<double> v(static_cast<std::size_t>(n));
            for (double& x : v) x = u(rng);
            std::vector<double> s = v;
            std::sort(s.begin(), s.end());
            for (double p : {0.0, 1.0, 12.5, 50.0, 80.0, 99.0, 100.0}) {
                const double pos = p / 100.0 * (n - 1);
                const std::size_t lo = std::size_t(pos);
                const double want = lo + 1 < s.size() ? s[lo] + (pos - double(lo)) * (s[lo + 1] - s[lo]) : s[lo];
                std::vector<double> a = v;
                QCOMPARE(percentileInPlace(a, p), want);
            }
        }
    }

    void statsPercentileDropsNonFinite() {
        // stats::percentile takes q in [0, 1] and leaves out NaN and infinities.
        const double inf = std::numeric_limits<double>::infinity();
        QCOMPARE(stats::percentile({3, std::nan(""), 1, inf, 2}, 0.5), 2.0);
        const stats::Interval i = stats::percentileInterval(std::vector<double>{1, 2, 3, 4, 5}, 0.5);
        QCOMPARE(i.lo, 2.0); // q 0.25: pos 1
        QCOMPARE(i.hi, 4.0); // q 0.75: pos 3
    }
};

QTEST_MAIN(TestPercentile)
#include "test_percentile.moc"
