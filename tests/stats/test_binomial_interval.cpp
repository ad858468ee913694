// Binomial proportion intervals against an independent computation: Clopper-Pearson found by
// bisection on exact rational binomial tails (Python fractions.Fraction and math.comb), Wilson from
// its closed form with z from Python's statistics.NormalDist. The first case is also the textbook
// value R's binom.test(7, 10) prints: 0.3475471 0.9332605.
#include "stats/BinomialInterval.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace ll::stats;

namespace {

struct Case {
    long long k, n;
    double level;
    double exactLow, exactHigh, wilsonLow, wilsonHigh;
};

const Case kCases[] = {
    {7, 10, 0.95, 0.347547149940, 0.933260488822, 0.396778147461, 0.892208732594},
    {0, 12, 0.95, 0.0, 0.264648469397, 0.0, 0.242494006655},
    {12, 12, 0.95, 0.735351530603, 1.0, 0.757505993345, 1.0},
    {46, 70, 0.95, 0.534004034963, 0.766518465292, 0.540395496979, 0.757540111977},
    {3, 40, 0.90, 0.020753601476, 0.182586850016, 0.030370252612, 0.173480178737},
    {1, 2, 0.99, 0.002503132837, 0.997496867163, 0.061713076778, 0.938286923222},
};

} // namespace

class TestBinomialInterval : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void exactAndWilsonMatchTheReference() {
        for (const Case& c : kCases) {
            const auto e = binomialInterval(c.k, c.n, c.level, BinomialIntervalMethod::Exact);
            const auto w = binomialInterval(c.k, c.n, c.level, BinomialIntervalMethod::Wilson);
            const QByteArray what = QByteArray::number(c.k) + "/" + QByteArray::number(c.n);
            QVERIFY2(std::abs(e.low - c.exactLow) < 1e-9, what);
            QVERIFY2(std::abs(e.high - c.exactHigh) < 1e-9, what);
            QVERIFY2(std::abs(w.low - c.wilsonLow) < 1e-9, what);
            QVERIFY2(std::abs(w.high - c.wilsonHigh) < 1e-9, what);
        }
    }
    void defaultIsExactAt95() {
        const auto d = binomialInterval(7, 10);
        QVERIFY(std::abs(d.low - 0.347547149940) < 1e-9);
        QVERIFY(std::abs(d.high - 0.933260488822) < 1e-9);
    }
    void normalQuantile() {
        QVERIFY(std::abs(ll::stats::normalQuantile(0.975) - 1.959963984540054) < 1e-12);
        QVERIFY(std::abs(ll::stats::normalQuantile(0.5)) < 1e-13);
        QVERIFY(std::abs(ll::stats::normalQuantile(0.05) + 1.6448536269514726) < 1e-12);
    }
    void badInputsThrow() {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, binomialInterval(3, 2));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, binomialInterval(0, 0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, binomialInterval(-1, 4));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, binomialInterval(1, 4, 1.0));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parseBinomialIntervalMethod("agresti"));
        QCOMPARE(parseBinomialIntervalMethod("wilson"), BinomialIntervalMethod::Wilson);
        QCOMPARE(std::string(binomialIntervalMethodName(BinomialIntervalMethod::Exact)), std::string("exact"));
    }
};

QTEST_APPLESS_MAIN(TestBinomialInterval)
#include "test_binomial_interval.moc"
