// selectRankPair (with and without a known range) against sorting: random data, heavy ties, a constant set, infinities, skewed data,
// small and large sets, every rank position class (first, last, middle, bucket edges).
#include "metrics/RankSelect.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace ll;

namespace {

// Both forms: the range found from the values, and a given range that holds them (the values' own
// range, and a wider one, as a bracket's ends are).
void checkAgainstSort(std::vector<float> v, std::size_t r) {
    std::vector<float> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    const float want = sorted[r], wantNext = sorted[std::min(r + 1, sorted.size() - 1)];
    std::vector<float> w = v;
    const auto [a, b] = selectRankPair(v, r);
    QCOMPARE(a, want);
    QCOMPARE(b, wantNext);
    const float lo = sorted.front(), hi = sorted.back();
    for (const auto& [l, h] : {std::pair{lo, hi}, std::pair{lo - 1.0f - std::abs(lo), hi + 0.5f + std::abs(hi)}}) {
        std::vector<float> u = w;
        const auto [ua, ub] = selectRankPair(u, r, l, h);
        QCOMPARE(ua, want);
        QCOMPARE(ub, wantNext);
    }
}

} // namespace

class TestRankSelect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void randomSets() {
        std::mt19937 rng(11);
        std::normal_distribution<float> normal(3.0f, 2.0f);
        std::lognormal_distribution<float> skewed(0.0f, 2.5f);
        std::uniform_int_distribution<int> few(0, 5);
        for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(4095), std::size_t(4096), std::size_t(50001)})
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<float> v(n);
                for (float& x : v)
                    x = kind == 0 ? normal(rng) : kind == 1 ? skewed(rng) : kind == 2 ? float(few(rng)) : 1.5f;
                std::uniform_int_distribution<std::size_t> rank(0, n - 1);
                for (std::size_t r : {std::size_t(0), n - 1, n / 2, rank(rng), rank(rng)}) checkAgainstSort(v, r);
            }
    }

    void infinitiesAndExtremes() {
        std::mt19937 rng(5);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        std::vector<float> v(20000);
        for (float& x : v) x = u(rng);
        v[10] = INFINITY;
        v[20] = -INFINITY;
        for (std::size_t r : {std::size_t(0), std::size_t(1), std::size_t(9999), std::size_t(19998), std::size_t(19999)})
            checkAgainstSort(v, r);
        std::vector<float> wide(20000);
        for (std::size_t i = 0; i < wide.size(); ++i) wide[i] = (i % 2 ? 3e38f : -3e38f) * u(rng);
        for (std::size_t r : {std::size_t(0), std::size_t(10000), std::size_t(19999)}) checkAgainstSort(wide, r);
    }

    void valuesOnBucketEdges() {
        // Equally spaced values: every bucket edge holds values; each rank must still come out exact.
        std::vector<float> v;
        for (int i = 0; i < 20480; ++i) v.push_back(float(i) * 0.125f);
        std::shuffle(v.begin(), v.end(), std::mt19937(2));
        for (std::size_t r = 0; r < v.size(); r += 997) checkAgainstSort(v, r);
    }
};

QTEST_APPLESS_MAIN(TestRankSelect)
#include "test_rank_select.moc"
