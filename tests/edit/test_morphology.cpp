// Binary morphology (edit/Morphology.h): the exact squared distance transform and disk dilation
// against brute force (the minimum over every set pixel), on random masks; the mask algebra by hand.
#include "edit/Morphology.h"

#include <QtTest>

#include <random>

using namespace ll;
using namespace ll::edit;

namespace {

Mask randomMask(int w, int h, double density, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution on(density);
    Mask m(w, h);
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = on(rng) ? 1 : 0;
    return m;
}

// Squared distance to the nearest set pixel by trying them all; -1 when there is none.
std::vector<long long> bruteSquaredDistance(const Mask& m) {
    const int w = m.width(), h = m.height();
    std::vector<long long> d(m.size(), -1);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int sy = 0; sy < h; ++sy)
                for (int sx = 0; sx < w; ++sx) {
                    if (!m(sx, sy)) continue;
                    const long long dd = (long long)(x - sx) * (x - sx) + (long long)(y - sy) * (y - sy);
                    long long& best = d[std::size_t(y) * w + x];
                    if (best < 0 || dd < best) best = dd;
                }
    return d;
}

} // namespace

class TestMorphology : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void distanceTransformMatchesBruteForce_data() {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::addColumn<double>("density");
        for (double d : {0.002, 0.02, 0.2, 0.7})
            for (auto [w, h] : {std::pair{40, 30}, std::pair{1, 25}, std::pair{25, 1}, std::pair{13, 17}})
                QTest::addRow("%dx%d density %.3f", w, h, d) << w << h << d;
    }
    void distanceTransformMatchesBruteForce() {
        QFETCH(int, w);
        QFETCH(int, h);
        QFETCH(double, density);
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            Mask m = randomMask(w, h, density, seed * 31 + std::uint64_t(w));
            if (seed == 1) m(w / 2, h / 2) = 1; // at least one set pixel in one of the runs
            const auto ref = bruteSquaredDistance(m);
            const FloatPlane d2 = squaredDistanceToSet(m);
            for (std::size_t i = 0; i < m.size(); ++i) {
                if (ref[i] < 0) QVERIFY2(d2[i] >= 1e19f, qPrintable(QString("pixel %1: %2 for an empty mask").arg(i).arg(d2[i])));
                else QVERIFY2(d2[i] == float(ref[i]), qPrintable(QString("pixel %1: %2, brute force %3").arg(i).arg(d2[i]).arg(ref[i])));
            }
            // Disk dilation: a pixel joins when its distance is <= r.
            for (double r : {1.0, 1.5, 2.0, 3.7}) {
                const Mask dil = dilateDisk(m, r);
                for (std::size_t i = 0; i < m.size(); ++i)
                    QCOMPARE(int(dil[i]), int(ref[i] >= 0 && double(ref[i]) <= r * r));
            }
        }
    }

    void dilationByHand() {
        // One pixel dilated by r = 1 is the 4-neighbour cross; by r = 1.5 the 3x3 square; by sqrt(5)
        // also the knight's moves (distance^2 = 5): 21 pixels.
        Mask m(9, 9);
        m(4, 4) = 1;
        QCOMPARE(countSet(dilateDisk(m, 1.0)), std::size_t(5));
        QCOMPARE(countSet(dilateDisk(m, 1.5)), std::size_t(9));
        QCOMPARE(countSet(dilateDisk(m, std::sqrt(5.0))), std::size_t(21));
        QCOMPARE(countSet(dilateDisk(m, 0.0)), std::size_t(1));
        QCOMPARE(countSet(dilateDisk(Mask(5, 5), 3.0)), std::size_t(0));
    }

    void maskAlgebraAndBorder() {
        Mask a(4, 3), b(4, 3);
        a(0, 0) = a(1, 0) = a(2, 1) = 1;
        b(1, 0) = b(2, 1) = b(3, 2) = 1;
        QCOMPARE(countSet(andMask(a, b)), std::size_t(2));
        QCOMPARE(countSet(andNotMask(a, b)), std::size_t(1));
        QCOMPARE(int(andNotMask(a, b)(0, 0)), 1);
        QCOMPARE(countSet(invertMask(a)), std::size_t(9));
        // A full 6x5 mask without a border of 1 keeps its 4x3 interior; of 3 nothing.
        QCOMPARE(countSet(withoutBorder(Mask(6, 5, 1), 1)), std::size_t(12));
        QCOMPARE(countSet(withoutBorder(Mask(6, 5, 1), 3)), std::size_t(0));
        QCOMPARE(countSet(withoutBorder(Mask(6, 5, 1), 0)), std::size_t(30));
    }
};

QTEST_GUILESS_MAIN(TestMorphology)
#include "test_morphology.moc"
