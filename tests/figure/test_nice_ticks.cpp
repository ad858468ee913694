// Axis ticks (figure/NiceTicks.h) against matplotlib's MaxNLocator with the same steps, computed once
// with matplotlib 3.6.3 (lib/matplotlib/ticker.py):
//
//   from matplotlib.ticker import MaxNLocator
//   MaxNLocator(nbins=5, steps=[1, 2, 2.5, 5, 10]).tick_values(lo, hi)
//
// niceTicks(lo, hi, 5) must give the same step and the same first and last tick (its axis range).
#include "figure/NiceTicks.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace ll::figure;

Q_DECLARE_METATYPE(std::vector<double>)

class TestNiceTicks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesMaxNLocator_data() {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<std::vector<double>>("ticks");
        QTest::newRow("0..1") << 0.0 << 1.0 << std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0};
        QTest::newRow("0..10") << 0.0 << 10.0 << std::vector<double>{0, 2, 4, 6, 8, 10};
        QTest::newRow("0..7.3") << 0.0 << 7.3 << std::vector<double>{0, 2, 4, 6, 8};
        QTest::newRow("-3.2..11.7") << -3.2 << 11.7 << std::vector<double>{-5, 0, 5, 10, 15};
        QTest::newRow("0.013..0.087") << 0.013 << 0.087 << std::vector<double>{0, 0.02, 0.04, 0.06, 0.08, 0.1};
        QTest::newRow("1..2") << 1.0 << 2.0 << std::vector<double>{1.0, 1.2, 1.4, 1.6, 1.8, 2.0};
        QTest::newRow("-1..1") << -1.0 << 1.0 << std::vector<double>{-1, -0.5, 0, 0.5, 1};
        QTest::newRow("0.5..3.7") << 0.5 << 3.7 << std::vector<double>{0, 1, 2, 3, 4};
        QTest::newRow("0..0.9") << 0.0 << 0.9 << std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0};
        QTest::newRow("2..13") << 2.0 << 13.0 << std::vector<double>{0, 2.5, 5, 7.5, 10, 12.5, 15};
        QTest::newRow("-47..-3") << -47.0 << -3.0 << std::vector<double>{-50, -40, -30, -20, -10, 0};
        QTest::newRow("0..0.26") << 0.0 << 0.26 << std::vector<double>{0, 0.1, 0.2, 0.3};
        QTest::newRow("100..1000") << 100.0 << 1000.0 << std::vector<double>{0, 200, 400, 600, 800, 1000};
        QTest::newRow("0.1..0.47") << 0.1 << 0.47 << std::vector<double>{0.1, 0.2, 0.3, 0.4, 0.5};
    }
    void matchesMaxNLocator() {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(std::vector<double>, ticks);
        const Ticks t = niceTicks(lo, hi, 5);
        const double step = ticks[1] - ticks[0];
        auto near = [&](double a, double b) { return std::abs(a - b) <= 1e-9 * step; };
        QVERIFY2(near(t.step, step), qPrintable(QString("step %1, MaxNLocator %2").arg(t.step).arg(step)));
        QVERIFY2(near(t.lo, ticks.front()) && near(t.hi, ticks.back()),
                 qPrintable(QString("range [%1, %2], MaxNLocator [%3, %4]").arg(t.lo).arg(t.hi).arg(ticks.front()).arg(ticks.back())));
        QCOMPARE(t.values.size(), ticks.size());
        for (std::size_t i = 0; i < ticks.size(); ++i)
            QVERIFY2(near(t.values[i], ticks[i]), qPrintable(QString("tick %1: %2 vs %3").arg(i).arg(t.values[i]).arg(ticks[i])));
        QVERIFY(!t.log);
    }

    void logTicksByHand() {
        // 0.03..40: decades 0.01..100 (four decades: powers of ten only).
        const Ticks wide = logTicks(0.03, 40);
        const std::vector<double> decades{0.01, 0.1, 1, 10, 100};
        QCOMPARE(wide.values.size(), decades.size());
        for (std::size_t i = 0; i < decades.size(); ++i) QVERIFY(std::abs(wide.values[i] / decades[i] - 1) < 1e-12);
        // 2..70: 1..100, two decades: 1 2 5 10 20 50 100.
        const Ticks fine = logTicks(2, 70);
        QCOMPARE(fine.lo, 1.0);
        QCOMPARE(fine.hi, 100.0);
        QCOMPARE(fine.values.size(), std::size_t(7));
        QCOMPARE(fine.values[1], 2.0);
        QCOMPARE(fine.values[5], 50.0);
        QVERIFY(fine.log);
    }
};

QTEST_MAIN(TestNiceTicks)
#include "test_nice_ticks.moc"
