// Block matching (edit/BlockMatching.h) on images with known displacements: y(p) = x(p - d), so every
// textured block must report d (integer shifts exactly, to the parabola's rounding; sub-pixel shifts of
// a smooth pattern to a quarter of a pixel: the parabola through the correlation peak is biased
// towards the nearer whole pixel, most at half-pixel shifts); an untextured block is flagged as such.
#include "edit/BlockMatching.h"

#include <QtTest>

#include <cmath>

using namespace ll;
using namespace ll::edit;

namespace {

// A smooth, non-periodic-looking texture that can be sampled anywhere.
double pattern(double x, double y) {
    return 0.5 + 0.15 * std::sin(0.37 * x + 0.11 * y) + 0.12 * std::sin(0.23 * y - 0.31 * x + 1.0) +
           0.08 * std::sin(0.71 * x * 0.5 + 0.53 * y + 2.0) + 0.05 * std::cos(0.9 * y + 0.13 * x);
}

FloatPlane sample(int w, int h, double dx, double dy) {
    FloatPlane p(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) p(x, y) = float(pattern(x - dx, y - dy));
    return p;
}

} // namespace

class TestBlockMatching : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoversKnownShifts_data() {
        QTest::addColumn<double>("dx");
        QTest::addColumn<double>("dy");
        QTest::addColumn<double>("tolerance");
        QTest::newRow("none") << 0.0 << 0.0 << 0.05;
        QTest::newRow("(3, 0)") << 3.0 << 0.0 << 0.05;
        QTest::newRow("(-2, 5)") << -2.0 << 5.0 << 0.05;
        QTest::newRow("(7, -7)") << 7.0 << -7.0 << 0.05;
        QTest::newRow("(0.5, -1.5)") << 0.5 << -1.5 << 0.25;
        QTest::newRow("(2.25, 0.75)") << 2.25 << 0.75 << 0.25;
    }
    void recoversKnownShifts() {
        QFETCH(double, dx);
        QFETCH(double, dy);
        QFETCH(double, tolerance);
        const FloatPlane x = sample(128, 96, 0, 0), y = sample(128, 96, dx, dy);
        BlockMatchParams p;
        p.blockSize = 24;
        p.searchRadius = 8;
        const auto blocks = matchBlocks(x, y, nullptr, p);
        // Blocks start at the search radius and tile the rest: floor((128 - 16) / 24) x floor((96 - 16) / 24).
        QCOMPARE(blocks.size(), std::size_t(4 * 3));
        for (const BlockShift& b : blocks) {
            QVERIFY(b.textured);
            const QString what = QString("block (%1, %2): (%3, %4), ncc %5").arg(b.x0).arg(b.y0).arg(b.dx).arg(b.dy).arg(b.ncc);
            QVERIFY2(std::abs(b.dx - dx) <= tolerance && std::abs(b.dy - dy) <= tolerance, qPrintable(what));
            // A whole-pixel shift matches exactly; a sub-pixel one leaves the sampling difference.
            QVERIFY2(b.ncc > (tolerance < 0.1 ? 0.9999 : 0.95), qPrintable(what));
        }
    }

    void regionAndTexture() {
        const FloatPlane x = sample(80, 80, 0, 0);
        // A block over a flat area is untextured.
        FloatPlane flatX = x;
        for (int yy = 0; yy < 40; ++yy)
            for (int xx = 0; xx < 40; ++xx) flatX(xx, yy) = 0.5f;
        BlockMatchParams p;
        p.blockSize = 16;
        p.searchRadius = 4;
        const auto blocks = matchBlocks(flatX, x, nullptr, p);
        QVERIFY(!blocks.empty());
        QCOMPARE(blocks.front().x0, 4);
        QCOMPARE(blocks.front().y0, 4);
        QVERIFY(!blocks.front().textured);
        QVERIFY(blocks.back().textured);
        // Only blocks covered by the region (90% by default) are matched.
        Mask region(80, 80);
        for (int yy = 4; yy < 20; ++yy)
            for (int xx = 4; xx < 20; ++xx) region(xx, yy) = 1;
        const auto inRegion = matchBlocks(x, x, &region, p);
        QCOMPARE(inRegion.size(), std::size_t(1));
        QCOMPARE(inRegion[0].x0, 4);
        QVERIFY(std::abs(inRegion[0].dx) < 0.05 && std::abs(inRegion[0].dy) < 0.05);
        QVERIFY(inRegion[0].ncc > 0.9999);
    }
};

QTEST_GUILESS_MAIN(TestBlockMatching)
#include "test_block_matching.moc"
