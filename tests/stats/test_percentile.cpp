// The one type-7 percentile (util/Percentile.h) against values worked out by hand with numpy's rule
// (numpy.percentile(v, p) with the default method 'linear'): pos = p/100 (n - 1), interpolate between
// the order statistics around it.
#include "stats/Percentile.h"
#include "util/Percentile.h"
#include "util/StreamingPercentile.h"

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

    // percentilesOfBlocks (values produced twice, never stored) against sorting all of them, the rule
    // written out: spread values, values crowded into one bucket, ties, negative zeros and one value.
    void streamingEqualsSorting() {
        std::mt19937 rng(11);
        std::normal_distribution<float> spread(0.0f, 3.0f);
        std::uniform_real_distribution<float> narrow(1.0f, 1.0001f); // a handful of buckets
        std::uniform_int_distribution<int> tie(0, 3);
        const std::vector<double> ps{0.0, 1.0, 12.5, 50.0, 99.0, 99.5, 100.0};
        for (int kind = 0; kind < 4; ++kind)
            for (const std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(7), std::size_t(1000), std::size_t(100003)}) {
                std::vector<float> v(n);
                for (float& x : v)
                    x = kind == 0 ? spread(rng) : kind == 1 ? narrow(rng) : kind == 2 ? float(tie(rng)) : -std::abs(spread(rng));
                std::vector<float> s = v;
                std::sort(s.begin(), s.end());
                const std::size_t blockSize = 97;
                const std::size_t blocks = (n + blockSize - 1) / blockSize;
                const std::vector<double> got = percentilesOfBlocks(blocks, [&](std::size_t b, std::vector<float>& out) {
                    for (std::size_t i = b * blockSize; i < std::min(n, (b + 1) * blockSize); ++i) out.push_back(v[i]);
                }, ps);
                QCOMPARE(got.size(), ps.size());
                for (std::size_t k = 0; k < ps.size(); ++k) {
                    const double pos = ps[k] / 100.0 * double(n - 1);
                    const std::size_t lo = std::size_t(pos);
                    const double want = lo + 1 < n ? double(s[lo]) + (pos - double(lo)) * (double(s[lo + 1]) - double(s[lo])) : double(s[lo]);
                    QVERIFY2(got[k] == want, qPrintable(QString("kind %1 n %2 p %3: %4 vs %5").arg(kind).arg(n).arg(ps[k]).arg(got[k], 0, 'g', 17).arg(want, 0, 'g', 17)));
                }
            }
        // No values: NaN for each percentile.
        const std::vector<double> none = percentilesOfBlocks(3, [](std::size_t, std::vector<float>&) {}, ps);
        QCOMPARE(none.size(), ps.size());
        for (const double x : none) QVERIFY(std::isnan(x));
    }

    // Several sets from the same blocks: each set's percentiles as if computed alone (and by sorting);
    // a set without values gives NaN.
    void streamingSetsEqualSortingEachSet() {
        std::mt19937 rng(5);
        std::normal_distribution<float> z(1.0f, 2.0f);
        const std::size_t n = 50000, blockSize = 1000;
        std::vector<float> a(n), b;
        for (float& x : a) x = z(rng);
        for (std::size_t i = 0; i < n; i += 3) b.push_back(std::abs(a[i]) * 0.5f); // a third as many
        const std::vector<std::vector<double>> ps{{1.0, 99.0}, {50.0, 99.5}, {10.0}};
        const auto got = percentilesOfBlockSets(n / blockSize, [&](std::size_t blk, std::vector<std::vector<float>>& out) {
            for (std::size_t i = blk * blockSize; i < (blk + 1) * blockSize; ++i) {
                out[0].push_back(a[i]);
                if (i % 3 == 0) out[1].push_back(std::abs(a[i]) * 0.5f);
            }
        }, ps);
        QCOMPARE(got.size(), std::size_t(3));
        for (int k = 0; k < 2; ++k) {
            std::vector<float> s = k == 0 ? a : b;
            std::sort(s.begin(), s.end());
            for (std::size_t j = 0; j < ps[std::size_t(k)].size(); ++j) {
                const double pos = ps[std::size_t(k)][j] / 100.0 * double(s.size() - 1);
                const std::size_t lo = std::size_t(pos);
                const double want = double(s[lo]) + (pos - double(lo)) * (double(s[lo + 1]) - double(s[lo]));
                QCOMPARE(got[std::size_t(k)][j], want);
            }
        }
        QCOMPARE(got[2].size(), std::size_t(1));
        QVERIFY(std::isnan(got[2][0]));
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
