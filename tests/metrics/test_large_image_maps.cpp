// The maps of a large evaluation (4200x4000: more pixels than a float counts exactly, 2^24, and many
// oneTBB partitions and per-thread row caches) against a plain per-pixel computation written here:
// ratio and gradient maps equal bit for bit, Omega80 equal in every channel, the LFE map to 1e-5, and
// no region of the image (e.g. a block of rows and columns) differing from the rest.
#include "SyntheticScenes.h"
#include "metrics/Evaluate.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace ll;

namespace {

double medianOf(std::vector<double> v) {
    const std::size_t n = v.size(), h = n / 2;
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(h), v.end());
    const double hi = v[h];
    if (n % 2) return hi;
    return 0.5 * (*std::max_element(v.begin(), v.begin() + std::ptrdiff_t(h)) + hi);
}

// Median and MAD among the values rounded to float, deviations rounded to float (as the engine
// selects them).
std::pair<double, double> medianMad(const std::vector<double>& v) {
    std::vector<double> f(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) f[i] = double(float(v[i]));
    const double m = medianOf(f);
    for (double& x : f) x = double(float(std::abs(x - m)));
    return {m, medianOf(f)};
}

} // namespace

class TestLargeImageMaps : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void mapsMatchAPlainComputation() {
        const int W = 4200, H = 4000;
        test::Scene s = test::makeScene(W, H, 7);
        Image edit = std::move(s.oracleEdit);
        std::mt19937 rng(3);
        std::normal_distribution<float> n(0.0f, 0.02f);
        for (std::size_t i = 0; i < edit.floatCount(); ++i) edit.data()[i] *= 1.0f + n(rng);
        EvalInputs in;
        in.on = &s.on;
        in.off = &s.off;
        in.edit = &edit;
        in.task = Task::On;
        MetricParams p;
        p.computeClassic = false;
        const EvalResult r = evaluate(in, p, true);
        QVERIFY(r.maps && r.scores.lfe);
        const EvalMaps& m = *r.maps;
        const Mask& omega = m.masks.omega;
        QVERIFY(countSet(omega) > std::size_t(W) * H / 4);

        // Ratio maps: E = num / den in double, stored as float; 0 outside Omega.
        auto ratio = [&](const Image& num, int x, int y, int c) {
            return double(num.at(x, y, c)) / double(s.off.at(x, y, c));
        };
        std::size_t ratioMismatch = 0;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x)
                for (int c = 0; c < 3; ++c) {
                    const bool v = omega(x, y) != 0;
                    ratioMismatch += m.ratioReal.at(x, y, c) != (v ? float(ratio(s.on, x, y, c)) : 0.0f);
                    ratioMismatch += m.ratioEdit.at(x, y, c) != (v ? float(ratio(edit, x, y, c)) : 0.0f);
                }
        QCOMPARE(ratioMismatch, std::size_t(0));

        // Gradient domain and magnitudes; then per channel Omega80 and the LFE map.
        std::size_t domainMismatch = 0, gradMismatch = 0;
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                const bool d = x > 0 && y > 0 && x < W - 1 && y < H - 1 && omega(x, y) && omega(x - 1, y) &&
                               omega(x + 1, y) && omega(x, y - 1) && omega(x, y + 1);
                domainMismatch += (m.gradientDomain(x, y) != 0) != d;
            }
        QCOMPARE(domainMismatch, std::size_t(0));
        auto magnitude = [&](const Image& num, int x, int y, int c) {
            const double gx = (ratio(num, x + 1, y, c) - ratio(num, x - 1, y, c)) * 0.5;
            const double gy = (ratio(num, x, y + 1, c) - ratio(num, x, y - 1, c)) * 0.5;
            return std::sqrt(gx * gx + gy * gy);
        };
        std::vector<double> lfeMap(std::size_t(W) * H, 0.0);
        for (int c = 0; c < 3; ++c) {
            std::vector<double> mr, mg;
            std::vector<std::size_t> at;
            for (int y = 1; y < H - 1; ++y)
                for (int x = 1; x < W - 1; ++x)
                    if (m.gradientDomain(x, y)) {
                        const double a = magnitude(s.on, x, y, c), b = magnitude(edit, x, y, c);
                        gradMismatch += m.gradientReal.at(x, y, c) != float(a);
                        gradMismatch += m.gradientEdit.at(x, y, c) != float(b);
                        mr.push_back(a);
                        mg.push_back(b);
                        at.push_back(std::size_t(y) * W + x);
                    }
            // M <= P80 is M <= the value of rank floor(0.8 (n - 1)).
            const std::size_t lo = std::size_t(std::floor(0.8 * double(mr.size() - 1)));
            std::vector<double> t = mr;
            std::nth_element(t.begin(), t.begin() + std::ptrdiff_t(lo), t.end());
            const double pr = t[lo];
            t = mg;
            std::nth_element(t.begin(), t.begin() + std::ptrdiff_t(lo), t.end());
            const double pg = t[lo];
            std::vector<double> ar, ag;
            std::vector<std::size_t> in80;
            Mask o80(W, H);
            for (std::size_t k = 0; k < at.size(); ++k)
                if (mr[k] <= pr && mg[k] <= pg) {
                    o80[at[k]] = 1;
                    ar.push_back(float(mr[k]));
                    ag.push_back(float(mg[k]));
                    in80.push_back(at[k]);
                }
            std::size_t o80Mismatch = 0;
            for (std::size_t i = 0; i < o80.size(); ++i) o80Mismatch += o80[i] != m.omega80[std::size_t(c)][i];
            QCOMPARE(o80Mismatch, std::size_t(0));
            const auto [medR, madR] = medianMad(ar);
            const auto [medG, madG] = medianMad(ag);
            for (std::size_t k = 0; k < in80.size(); ++k)
                lfeMap[in80[k]] += ((ar[k] - medR) / madR - (ag[k] - medG) / madG) / 3.0;
        }
        QCOMPARE(gradMismatch, std::size_t(0));
        // The LFE map, pixel by pixel (a seam or a block computed differently would show here).
        std::size_t mapMismatch = 0;
        double worst = 0.0;
        for (std::size_t i = 0; i < lfeMap.size(); ++i) {
            const double d = std::abs(double(m.lfeMap[i]) - lfeMap[i]);
            worst = std::max(worst, d);
            mapMismatch += d > 1e-5 * std::max(1.0, std::abs(lfeMap[i]));
        }
        QVERIFY2(mapMismatch == 0, qPrintable(QString("%1 pixels, worst %2").arg(mapMismatch).arg(worst)));
    }
};

QTEST_GUILESS_MAIN(TestLargeImageMaps)
#include "test_large_image_maps.moc"
