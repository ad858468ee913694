// The percentile bootstrap of a mean (edit/Bootstrap.h) on cases whose quantiles are known exactly,
// and on a sample whose bootstrap distribution is close to normal, where the 90% and 95% intervals
// must have the widths 2 z sigma / sqrt(n) (z = 1.6449 and 1.9600, the normal quantiles) and differ.
#include "edit/Bootstrap.h"

#include <QtTest>

#include <tbb/global_control.h>

#include <cmath>
#include <numeric>

using namespace ll::edit;

class TestBootstrap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptySingleAndConstant() {
        const MeanInterval none = bootstrapMean({}, 1000, 1);
        QVERIFY(!none.mean && !none.lo && !none.hi);
        QCOMPARE(none.n, std::size_t(0));
        const MeanInterval one = bootstrapMean({2.5}, 1000, 1);
        QCOMPARE(*one.mean, 2.5);
        QVERIFY(!one.lo && !one.hi);
        // Every resample of a constant sample has that mean.
        const MeanInterval c = bootstrapMean(std::vector<double>(17, -3.25), 2000, 7);
        QCOMPARE(*c.mean, -3.25);
        QCOMPARE(*c.lo, -3.25);
        QCOMPARE(*c.hi, -3.25);
        QCOMPARE(c.n, std::size_t(17));
    }

    void twoValuesHaveExactQuantiles() {
        // A resample of {0, 1} has mean 0, 1/2 or 1 with probabilities 1/4, 1/2, 1/4. With 20000 draws
        // the 2.5% and 97.5% quantiles lie inside the blocks of 0s and 1s (each holds 5000 +- 61, one
        // standard deviation), and the 30% and 70% quantiles (level 0.4) inside the block of 1/2s.
        const std::vector<double> v{0.0, 1.0};
        const MeanInterval ci95 = bootstrapMean(v, 20000, 3, 0.95);
        QCOMPARE(*ci95.mean, 0.5);
        QCOMPARE(*ci95.lo, 0.0);
        QCOMPARE(*ci95.hi, 1.0);
        const MeanInterval ci40 = bootstrapMean(v, 20000, 3, 0.40);
        QCOMPARE(*ci40.lo, 0.5);
        QCOMPARE(*ci40.hi, 0.5);
    }

    void widthsFollowTheNormalQuantiles() {
        // 0, 1, ..., 49: mean 24.5, population standard deviation sqrt((n^2 - 1) / 12) = 14.4309, so the
        // bootstrap mean has sigma 14.4309 / sqrt(50) = 2.0409; symmetric data, so no skew.
        std::vector<double> v(50);
        std::iota(v.begin(), v.end(), 0.0);
        const double sigma = std::sqrt((50.0 * 50.0 - 1) / 12.0) / std::sqrt(50.0);
        const MeanInterval ci95 = bootstrapMean(v, 40000, 11, 0.95), ci90 = bootstrapMean(v, 40000, 11, 0.90);
        const double w95 = *ci95.hi - *ci95.lo, w90 = *ci90.hi - *ci90.lo;
        const QString what = QString("95%: [%1, %2], 90%: [%3, %4]").arg(*ci95.lo).arg(*ci95.hi).arg(*ci90.lo).arg(*ci90.hi);
        // Monte Carlo error of a tail quantile with 40000 draws is about 1% of the width; 4% allowed.
        QVERIFY2(std::abs(w95 / (2 * 1.95996 * sigma) - 1) < 0.04, qPrintable(what));
        QVERIFY2(std::abs(w90 / (2 * 1.64485 * sigma) - 1) < 0.04, qPrintable(what));
        QVERIFY2(w95 > 1.1 * w90, qPrintable(what)); // the ratio is 1.19
        QVERIFY(std::abs((*ci95.lo + *ci95.hi) / 2 - 24.5) < 0.1);
        QVERIFY(*ci95.lo < *ci90.lo && *ci90.hi < *ci95.hi);
    }

    void sameResultForAnyThreadCountAndSeedMatters() {
        std::vector<double> v;
        for (int i = 0; i < 40; ++i) v.push_back(std::sin(i * 1.3) * 5 + i * 0.1);
        auto run = [&](int threads, std::uint64_t seed) {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, std::size_t(threads));
            return bootstrapMean(v, 3000, seed);
        };
        const MeanInterval a = run(1, 5), b = run(2, 5), c = run(2, 6);
        QCOMPARE(*a.lo, *b.lo);
        QCOMPARE(*a.hi, *b.hi);
        QVERIFY(*a.lo != *c.lo || *a.hi != *c.hi);
    }
};

QTEST_GUILESS_MAIN(TestBootstrap)
#include "test_bootstrap.moc"
