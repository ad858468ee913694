// The emission loops of the bracketed selection: the dispatched (vector where available) and the
// portable loops against a plain reference, on random runs of every length around the vector width,
// with NaN, infinities, values on the bracket ends and infinite brackets.
#include "metrics/SpanKernels.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

using namespace ll;

namespace {

struct Out {
    std::vector<float> kept;
    std::size_t below = 0;
    bool operator==(const Out&) const = default;
};

std::vector<float> runOf(std::size_t n, std::mt19937& rng) {
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    for (std::size_t k = 0; k < n; k += 7) v[k] = 0.5f; // on a bracket end
    if (n > 3) {
        v[1] = NAN;
        v[2] = INFINITY;
        v[3] = -INFINITY;
    }
    return v;
}

template <typename Fn>
Out call(Fn fn, const std::vector<float>& v) {
    std::vector<float> buf(5 + v.size(), -99.0f);
    Out o;
    o.below = 3; // added to, not overwritten
    const std::size_t used = fn(v.data(), v.size(), buf.data(), 5, o.below);
    o.kept.assign(buf.begin() + 5, buf.begin() + std::ptrdiff_t(used));
    return o;
}

} // namespace

class TestSpanKernels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // compactChannels (vector where available) and its portable loop against a plain reference, for
    // row widths around the 16-pixel step, keep masks with every bit pattern and per-channel bits.
    void compact() {
        std::mt19937 rng(9);
        std::uniform_int_distribution<int> byte(0, 255);
        for (int W = 0; W < 70; ++W)
            for (const std::array<int, 3> bits : {std::array<int, 3>{0, 0, 0}, std::array<int, 3>{0, 1, 2},
                                                  std::array<int, 3>{7, 3, 5}}) {
                const std::vector<float> v = runOf(3 * std::size_t(W), rng);
                std::vector<std::uint8_t> keep(static_cast<std::size_t>(W));
                for (auto& k : keep) k = std::uint8_t(byte(rng));
                if (W > 20) std::fill(keep.begin() + 3, keep.begin() + 19, std::uint8_t(0xff)); // a whole step kept
                std::array<std::vector<float>, 3> want;
                for (int x = 0; x < W; ++x)
                    for (int c = 0; c < 3; ++c)
                        if ((keep[std::size_t(x)] >> bits[std::size_t(c)]) & 1u) want[std::size_t(c)].push_back(v[std::size_t(3 * x + c)]);
                for (bool portable : {false, true}) {
                    std::array<std::vector<float>, 3> buf;
                    std::array<float*, 3> out;
                    for (std::size_t c = 0; c < 3; ++c) {
                        buf[c].assign(std::size_t(W), -99.0f);
                        out[c] = buf[c].data();
                    }
                    std::array<std::size_t, 3> n{7, 7, 7}; // overwritten
                    (portable ? compactChannelsPortable : compactChannels)(v.data(), keep.data(), bits, W, out, n);
                    for (std::size_t c = 0; c < 3; ++c) {
                        QCOMPARE(n[c], want[c].size());
                        for (std::size_t k = 0; k < n[c]; ++k)
                            QVERIFY2(std::memcmp(&buf[c][k], &want[c][k], sizeof(float)) == 0, // NaN equals NaN
                                     qPrintable(QString("W %1 channel %2 value %3").arg(W).arg(c).arg(k)));
                    }
                }
            }
    }

    void bracket() {
        std::mt19937 rng(4);
        for (std::size_t n = 0; n < 70; ++n)
            for (auto [lo, hi] : {std::pair{-0.5f, 0.5f}, std::pair{-INFINITY, INFINITY}, std::pair{1.0f, 1.0f},
                                  std::pair{-INFINITY, -INFINITY}}) {
                const std::vector<float> v = runOf(n, rng);
                Out want;
                want.below = 3;
                for (float x : v) {
                    if (x < lo) ++want.below;
                    if (x >= lo && x <= hi) want.kept.push_back(x);
                }
                auto fast = [&](const float* p, std::size_t m, float* b, std::size_t u, std::size_t& bl) {
                    return bracketSpan(lo, hi, p, m, b, u, bl);
                };
                auto portable = [&](const float* p, std::size_t m, float* b, std::size_t u, std::size_t& bl) {
                    return bracketSpanPortable(lo, hi, p, m, b, u, bl);
                };
                QVERIFY(call(fast, v) == want);
                QVERIFY(call(portable, v) == want);
            }
    }

    void deviation() {
        std::mt19937 rng(9);
        for (std::size_t n = 0; n < 70; ++n)
            for (auto [c, lo, hi] : {std::tuple{0.1, 0.3, 0.9}, std::tuple{0.0, -double(INFINITY), double(INFINITY)},
                                     std::tuple{0.5, 0.0, 0.0}}) {
                const std::vector<float> v = runOf(n, rng);
                Out want;
                want.below = 3;
                for (float x : v) {
                    const double d = std::abs(double(x) - c);
                    if (d < lo) ++want.below;
                    if (d >= lo && d <= hi) want.kept.push_back(x);
                }
                auto fast = [&](const float* p, std::size_t m, float* b, std::size_t u, std::size_t& bl) {
                    return deviationSpan(c, lo, hi, p, m, b, u, bl);
                };
                auto portable = [&](const float* p, std::size_t m, float* b, std::size_t u, std::size_t& bl) {
                    return deviationSpanPortable(c, lo, hi, p, m, b, u, bl);
                };
                QVERIFY(call(fast, v) == want);
                QVERIFY(call(portable, v) == want);
            }
    }
};

QTEST_APPLESS_MAIN(TestSpanKernels)
#include "test_span_kernels.moc"
