// MaskRuns: the runs of every row cover exactly the set pixels, in order, without touching or empty
// runs, for random masks of several densities and widths around the 8-pixel step, and when reused.
#include "metrics/MaskRuns.h"

#include <QtTest>

#include <random>

using namespace ll;

class TestMaskRuns : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void coversExactlyTheSetPixels() {
        std::mt19937 rng(3);
        MaskRuns runs; // reused across masks
        for (int W : {1, 7, 8, 9, 17, 64, 203})
            for (double density : {0.0, 0.02, 0.5, 0.97, 1.0}) {
                const int H = 5;
                Mask m(W, H, 0);
                std::bernoulli_distribution on(density);
                for (std::size_t i = 0; i < m.size(); ++i) m[i] = on(rng) ? std::uint8_t(1 + i % 3) : 0;
                runs.assign(m);
                for (int y = 0; y < H; ++y) {
                    std::vector<std::uint8_t> covered(std::size_t(W), 0);
                    int last = -1;
                    for (const PixelRun& r : runs.row(y)) {
                        QVERIFY(r.begin < r.end);
                        QVERIFY(r.begin > last); // ordered, separated by at least one unset pixel
                        QVERIFY(r.begin == 0 || m(r.begin - 1, y) == 0);
                        QVERIFY(r.end == W || m(r.end, y) == 0);
                        for (int x = r.begin; x < r.end; ++x) covered[std::size_t(x)] = 1;
                        last = r.end;
                    }
                    for (int x = 0; x < W; ++x) QCOMPARE(int(covered[std::size_t(x)]), m(x, y) ? 1 : 0);
                }
            }
    }
};

QTEST_APPLESS_MAIN(TestMaskRuns)
#include "test_mask_runs.moc"
