// BandClassifier gives the band the definition gives (100 L / max in double against the edges) for
// every value, one by one and a run at a time (classify), including the floats on either side of each threshold, 0, inf, NaN and values above max.
#include "metrics/IntensityBands.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace ll;

namespace {

std::uint8_t bandByDefinition(float l, double mx, const std::vector<double>& e) {
    if (!(mx > 0.0)) return kNoBand;
    const double pct = 100.0 * double(l) / mx;
    if (!std::isfinite(pct)) return kNoBand;
    for (std::size_t i = 0; i + 2 < e.size(); ++i)
        if (pct > e[i + 1]) return std::uint8_t(i);
    return std::uint8_t(e.size() - 2);
}

} // namespace

class TestBandClassifier : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handPicked() {
        const std::vector<double> e{100, 16, 6, 2, 1, 0};
        const BandClassifier b(e, 2.0);
        QCOMPARE(int(b(2.0f)), 0);     // 100 %
        QCOMPARE(int(b(5.0f)), 0);     // above max (possible outside Omega)
        QCOMPARE(int(b(0.32f)), 1);    // 16 % exactly belongs to the band below 16
        QCOMPARE(int(b(0.33f)), 0);
        QCOMPARE(int(b(0.1f)), 2);     // 5 %
        QCOMPARE(int(b(0.0f)), 4);     // 0 % -> last band [0, 1]
        QCOMPARE(int(b(NAN)), int(kNoBand));
        QCOMPARE(int(b(INFINITY)), int(kNoBand));
        const BandClassifier none(e, 0.0);
        QCOMPARE(int(none(1.0f)), int(kNoBand));
        const float l[2] = {1.0f, 0.0f};
        std::uint8_t out[2] = {0, 0};
        none.classify(l, 2, out);
        QCOMPARE(int(out[0]), int(kNoBand));
        QCOMPARE(int(out[1]), int(kNoBand));
    }

    void agreesWithTheDefinition() {
        std::mt19937 rng(7);
        const std::vector<std::vector<double>> edgeSets{{100, 16, 6, 2, 1, 0}, {100, 50, 0}, {100, 0},
                                                        {100, 99.9, 33.3333, 0.001, 0}};
        for (const auto& e : edgeSets)
            for (double mx : {1.0, 0.37, 1e-30, 3e30, 7.0e5}) {
                const BandClassifier b(e, mx);
                std::vector<float> probes{0.0f, -1.0f, float(mx), 1e38f, 1e-40f};
                for (double edge : e) { // the floats around each edge's value of L
                    float t = float(edge / 100.0 * mx);
                    for (int k = 0; k < 3; ++k) t = std::nextafter(t, 0.0f);
                    for (int k = 0; k < 7; ++k, t = std::nextafter(t, INFINITY)) probes.push_back(t);
                }
                std::uniform_real_distribution<double> u(0.0, 1.2);
                for (int k = 0; k < 20000; ++k) probes.push_back(float(u(rng) * mx));
                probes.push_back(NAN);
                probes.push_back(INFINITY);
                std::vector<std::uint8_t> run(probes.size(), 77);
                b.classify(probes.data(), probes.size(), run.data()); // the whole run at once
                for (std::size_t k = 0; k < probes.size(); ++k) {
                    const float l = probes[k];
                    QVERIFY2(b(l) == bandByDefinition(l, mx, e) && run[k] == b(l),
                             qPrintable(QString("l=%1 max=%2").arg(double(l), 0, 'g', 12).arg(mx)));
                }
            }
    }
};

QTEST_APPLESS_MAIN(TestBandClassifier)
#include "test_band_classifier.moc"
