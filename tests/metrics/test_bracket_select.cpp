// The one-pass multi-set selection (BracketSelect) against sorting: percentiles, medians and MADs of
// several sets at once, with good samples, misleading samples (the bracket misses and the second pass
// must give the exact answer), tiny sets, ties (and the tie at a percentile's rank), and the same
// answer for 1 and 2 threads.
#include "metrics/BracketSelect.h"
#include "util/Percentile.h"

#include <QtTest>

#include <tbb/global_control.h>

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
    const double frac = pos - double(lo);
    return frac > 0.0 ? double(v[lo]) + (double(v[hi]) - double(v[lo])) * frac : double(v[lo]);
}

double sortedMedian(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? double(v[n / 2]) : 0.5 * (double(v[n / 2 - 1]) + double(v[n / 2]));
}

double sortedMad(const std::vector<float>& v) {
    const double m = sortedMedian(v);
    std::vector<float> d(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) d[i] = float(std::abs(double(v[i]) - m));
    return sortedMedian(d);
}

// Rows of W values per set; set s's values are data[s] (row-major, W per row).
struct Data {
    int W = 0, H = 0;
    std::vector<std::vector<float>> sets;
};

Data makeData(int W, int H, std::uint32_t seed) {
    std::mt19937 rng(seed);
    Data d{W, H, {}};
    const std::size_t n = std::size_t(W) * std::size_t(H);
    std::vector<float> smooth(n), ties(n), heavy(n);
    for (std::size_t i = 0; i < n; ++i) {
        const int x = int(i % std::size_t(W)), y = int(i / std::size_t(W));
        smooth[i] = float(1.0 + 0.5 * std::sin(0.01 * x) + 0.002 * y); // spatially smooth
        ties[i] = float(rng() % 9) * 0.5f;
        heavy[i] = float(std::exp(std::normal_distribution<double>(0.0, 2.0)(rng)));
    }
    d.sets = {smooth, ties, heavy};
    return d;
}

struct Answers {
    std::vector<double> p80, median, mad;
    std::vector<BracketSelect::Tie> ties; // of the P80 value
    std::vector<std::size_t> counts;
};

// All three statistics of every set: P80 sets 0..S-1 in one pass, median + MAD (companions) in another.
Answers select(const Data& d, bool misleadingSamples) {
    const int S = int(d.sets.size());
    const std::size_t n = d.sets[0].size();
    Answers a;
    BracketSelect sel;
    auto sampleOf = [&](int s) {
        std::vector<float> smp;
        sampleStratified(n, 2048, 1, smp, [&](std::size_t i, float* out) {
            out[0] = d.sets[std::size_t(s)][i];
            return true;
        });
        if (misleadingSamples) // a sample from another distribution: every bracket misses
            for (float& v : smp) v = v * 3.0f + 100.0f;
        return smp;
    };
    auto rows = [&](auto emitRow) {
        return [&, emitRow](int y, BracketSelect::Emit& emit) {
            for (int x = 0; x < d.W; ++x) emitRow(emit, std::size_t(y) * std::size_t(d.W) + std::size_t(x));
        };
    };
    sel.reset(S);
    for (int s = 0; s < S; ++s) {
        std::vector<float> smp = sampleOf(s);
        sel.setTarget(s, 80.0, smp);
    }
    sel.run(d.H, std::size_t(d.W), rows([&](BracketSelect::Emit& emit, std::size_t i) {
        for (int s = 0; s < S; ++s) emit(s, d.sets[std::size_t(s)][i]);
    }));
    for (int s = 0; s < S; ++s) {
        a.p80.push_back(sel.percentile(s));
        a.ties.push_back(sel.tieAtLowRank(s));
    }
    sel.reset(2 * S);
    for (int s = 0; s < S; ++s) {
        std::vector<float> smp = sampleOf(s);
        sel.setTarget(s, 50.0, smp);
        sel.setDeviationTarget(S + s, s, smp);
    }
    sel.run(d.H, std::size_t(d.W), rows([&](BracketSelect::Emit& emit, std::size_t i) {
        for (int s = 0; s < S; ++s) emit.pair(s, S + s, d.sets[std::size_t(s)][i]);
    }));
    for (int s = 0; s < S; ++s) {
        a.median.push_back(sel.median(s));
        a.mad.push_back(sel.median(S + s));
        a.counts.push_back(sel.count(s));
    }
    return a;
}

} // namespace

class TestBracketSelect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesSorting_data() {
        QTest::addColumn<int>("W");
        QTest::addColumn<int>("H");
        QTest::addColumn<bool>("misleading");
        QTest::newRow("large, good samples") << 700 << 300 << false;
        QTest::newRow("large, misleading samples (second pass)") << 700 << 300 << true;
        QTest::newRow("odd count") << 333 << 201 << false;
        QTest::newRow("tiny (collect all)") << 7 << 5 << false;
    }
    void matchesSorting() {
        QFETCH(int, W);
        QFETCH(int, H);
        QFETCH(bool, misleading);
        const Data d = makeData(W, H, 5);
        const Answers a = select(d, misleading);
        for (std::size_t s = 0; s < d.sets.size(); ++s) {
            QCOMPARE(a.counts[s], d.sets[s].size());
            QCOMPARE(a.p80[s], sortedPercentile(d.sets[s], 80.0));
            QCOMPARE(a.median[s], sortedMedian(d.sets[s]));
            QCOMPARE(a.mad[s], sortedMad(d.sets[s]));
            // The tie at the P80 rank: how many values lie below the value of rank lo, how many equal it.
            std::vector<float> sorted = d.sets[s];
            std::sort(sorted.begin(), sorted.end());
            const std::size_t lo = std::size_t(std::floor(0.8 * double(sorted.size() - 1)));
            const auto [first, last] = std::equal_range(sorted.begin(), sorted.end(), sorted[lo]);
            QCOMPARE(a.ties[s].rank, lo);
            QCOMPARE(a.ties[s].below, std::size_t(first - sorted.begin()));
            QCOMPARE(a.ties[s].equal, std::size_t(last - first));
            // The same as the serial selection of util/Percentile.h.
            std::vector<float> v = d.sets[s];
            QCOMPARE(a.p80[s], percentileInPlace(v, 80.0));
        }
    }

    void sameForOneAndTwoThreads() {
        const Data d = makeData(640, 480, 9);
        Answers one, two;
        {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 1);
            one = select(d, false);
        }
        {
            tbb::global_control limit(tbb::global_control::max_allowed_parallelism, 2);
            two = select(d, false);
        }
        QVERIFY(one.p80 == two.p80);
        QVERIFY(one.median == two.median);
        QVERIFY(one.mad == two.mad);
    }

    void emptySetIsNaN() {
        BracketSelect sel;
        sel.reset(1);
        std::vector<float> none;
        sel.setTarget(0, 50.0, none);
        sel.run(3, 4, [](int, BracketSelect::Emit&) {});
        QCOMPARE(sel.count(0), std::size_t(0));
        QVERIFY(std::isnan(sel.median(0)));
        QVERIFY(std::isnan(sel.percentile(0)));
    }
};

QTEST_GUILESS_MAIN(TestBracketSelect)
#include "test_bracket_select.moc"
