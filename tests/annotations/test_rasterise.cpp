// Polygon rasterisation: golden masks by hand, and pixel equality with a literal re-statement of
// pycocotools' rleFrPoly on thousands of random polygons.
#include "ReferenceRleFrPoly.h"
#include "annotations/CocoPolygonRule.h"
#include "annotations/LabelMePolygonRule.h"
#include "annotations/Rasterise.h"
#include "support/TestSupport.h"

#include <random>

using namespace ll;

namespace {

Ring rectRing(double x0, double y0, double x1, double y1) { return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}; }

std::vector<double> flat(const Ring& r) {
    std::vector<double> xy;
    for (const auto& p : r) {
        xy.push_back(p.x);
        xy.push_back(p.y);
    }
    return xy;
}

Shape polygon(const std::string& cls, std::vector<Ring> rings, RingRule rule = RingRule::EvenOdd) {
    Shape s;
    s.label = cls;
    s.className = cls;
    s.rings = std::move(rings);
    s.ringRule = rule;
    return s;
}

// A random coordinate: mostly fractional, sometimes on the 0.1 grid (ties after scaling by 5),
// sometimes far outside the image.
double randomCoordinate(std::mt19937_64& rng, int extent) {
    std::uniform_real_distribution<double> u01(0, 1);
    const double r = u01(rng);
    if (r < 0.15) return std::round(u01(rng) * (extent + 4) * 10 - 20) / 10; // multiples of 0.1
    if (r < 0.25) return std::round(u01(rng) * (extent + 2) * 2 - 2) / 2;    // multiples of 0.5
    if (r < 0.30) return (u01(rng) - 0.5) * 40 * (extent + 1);                // far outside
    return u01(rng) * (extent + 6) - 3;
}

} // namespace

class TestRasterise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void goldenSquareIs81Pixels() {
        const Mask m = rasteriseRingCoco(rectRing(0, 0, 9, 9), 20, 20);
        QCOMPARE(countSet(m), std::size_t(81));
        QVERIFY(m(0, 0) && m(8, 8) && !m(9, 8) && !m(8, 9));
        QCOMPARE(m.values(), referenceRasteriseFor(rectRing(0, 0, 9, 9), 20, 20).values());
    }
    void goldenRectangleIs5940Pixels() {
        const Mask m = rasteriseRingCoco(rectRing(10.5, 20, 110, 80.25), 200, 100);
        QCOMPARE(countSet(m), std::size_t(5940)); // columns 11..109, rows 20..79
        QVERIFY(m(11, 20) && m(109, 79) && !m(10, 20) && !m(110, 20) && !m(11, 19) && !m(11, 80));
    }
    void labelMeRuleIsInclusive() {
        QCOMPARE(countSet(rasteriseRingLabelMe(rectRing(0, 0, 9, 9), 20, 20)), std::size_t(100));
        // vertices truncated to (10,20) and (110,80), both edges inclusive: 101 x 61
        QCOMPARE(countSet(rasteriseRingLabelMe(rectRing(10.5, 20, 110, 80.25), 200, 100)), std::size_t(6161));
        // a triangle: interior plus outline, all inside its closed integer hull
        const Mask t = rasteriseRingLabelMe({{0, 0}, {10, 0}, {0, 10}}, 20, 20);
        QCOMPARE(countSet(t), std::size_t(66)); // lattice points with x+y <= 10
    }
    void holesAreEvenOddRings() {
        const Ring outer = rectRing(10, 10, 50, 50), inner = rectRing(20, 20, 30, 30);
        const Mask evenOdd = rasteriseShape(polygon("x", {outer, inner}), 64, 64);
        QCOMPARE(countSet(evenOdd), std::size_t(1600 - 100));
        QVERIFY(!evenOdd(25, 25) && evenOdd(15, 15));
        const Mask unioned = rasteriseShape(polygon("x", {outer, inner}, RingRule::Union), 64, 64);
        QCOMPARE(countSet(unioned), std::size_t(1600));
        const Mask labelme = rasteriseShape(polygon("x", {outer, inner}), 64, 64, RasterRule::LabelMe);
        QCOMPARE(countSet(labelme), std::size_t(41 * 41 - 11 * 11));
    }
    void touchingPolygonsNeitherOverlapNorLeaveGaps() {
        const Mask a = rasteriseRingCoco(rectRing(0, 0, 20, 10), 50, 20);
        const Mask b = rasteriseRingCoco(rectRing(20, 0, 40, 10), 50, 20);
        QCOMPARE(countSet(a), std::size_t(200));
        QCOMPARE(countSet(b), std::size_t(200));
        for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(!(a[i] && b[i]));
        SceneAnnotations scene;
        scene.imageWidth = 50;
        scene.imageHeight = 20;
        scene.shapes = {polygon("mirror", {rectRing(0, 0, 20, 10)}), polygon("mirror", {rectRing(20, 0, 40, 10)})};
        QCOMPARE(countSet(rasteriseByClass(scene, 50, 20).at("mirror")), std::size_t(400));
        // triangles sharing a diagonal tile the square exactly
        const Mask t1 = rasteriseRingCoco({{0, 0}, {17, 0}, {17, 13}}, 30, 30);
        const Mask t2 = rasteriseRingCoco({{0, 0}, {17, 13}, {0, 13}}, 30, 30);
        const Mask sq = rasteriseRingCoco(rectRing(0, 0, 17, 13), 30, 30);
        for (std::size_t i = 0; i < sq.size(); ++i) QCOMPARE(int(t1[i] ^ t2[i]), int(sq[i]));
    }
    void equalsReferenceOnRandomPolygons() {
        std::mt19937_64 rng(20240611);
        std::uniform_int_distribution<int> sizeDist(1, 48), countDist(1, 14);
        int nonEmpty = 0;
        const int trials = 6000;
        for (int trial = 0; trial < trials; ++trial) {
            const int w = sizeDist(rng), h = sizeDist(rng);
            Ring ring;
            const int k = countDist(rng);
            for (int i = 0; i < k; ++i) ring.push_back({randomCoordinate(rng, w), randomCoordinate(rng, h)});
            const Mask fast = rasteriseRingCoco(ring, w, h);
            const Mask ref = test::referenceRasterise(flat(ring), w, h);
            if (fast.values() != ref.values()) {
                QString pts;
                for (const auto& p : ring) pts += QString("(%1,%2) ").arg(p.x, 0, 'g', 17).arg(p.y, 0, 'g', 17);
                QFAIL(qPrintable(QString("trial %1, %2x%3: %4").arg(trial).arg(w).arg(h).arg(pts)));
            }
            nonEmpty += countSet(ref) > 0;
        }
        QVERIFY2(nonEmpty > trials / 2, qPrintable(QString::number(nonEmpty))); // the test exercises real shapes
    }
    void equalsReferenceOnLargeStarPolygons() {
        // Long edges in every direction (x-major and y-major, both slopes) on a realistic size.
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> u(0, 1);
        for (int trial = 0; trial < 60; ++trial) {
            const int w = 320, h = 200;
            Ring ring;
            const int k = 5 + trial % 40;
            for (int i = 0; i < k; ++i) {
                const double a = 2 * M_PI * i / k, r = (i % 2 ? 40 : 140) * (0.5 + u(rng));
                ring.push_back({160 + r * std::cos(a) + u(rng), 100 + r * std::sin(a) * 0.8 + u(rng)});
            }
            QCOMPARE(rasteriseRingCoco(ring, w, h).values(), test::referenceRasterise(flat(ring), w, h).values());
        }
    }
    void unionOfPartsMatchesMergedReference() {
        std::mt19937_64 rng(99);
        for (int trial = 0; trial < 400; ++trial) {
            const int w = 1 + int(rng() % 40), h = 1 + int(rng() % 40);
            std::vector<Ring> parts(1 + rng() % 3);
            for (auto& r : parts)
                for (int i = 0, k = 3 + int(rng() % 6); i < k; ++i)
                    r.push_back({randomCoordinate(rng, w), randomCoordinate(rng, h)});
            Mask unionRef(w, h, 0), xorRef(w, h, 0);
            for (const auto& r : parts) {
                const Mask m = test::referenceRasterise(flat(r), w, h);
                for (std::size_t i = 0; i < m.size(); ++i) {
                    unionRef[i] |= m[i];
                    xorRef[i] ^= m[i];
                }
            }
            QCOMPARE(rasteriseShape(polygon("a", parts, RingRule::Union), w, h).values(), unionRef.values());
            QCOMPARE(rasteriseShape(polygon("a", parts, RingRule::EvenOdd), w, h).values(), xorRef.values());
        }
    }
    void byClassScalesPolygonsBeforeRasterising() {
        SceneAnnotations scene;
        scene.imageWidth = 100; // annotated on a 100x50 export, evaluated at 250x125
        scene.imageHeight = 50;
        scene.shapes = {polygon("probe_shadow", {{{10.3, 5.1}, {60.7, 8.2}, {33.3, 40.9}}}),
                        polygon("window", {rectRing(80, 0, 100, 20)})};
        const auto masks = rasteriseByClass(scene, 250, 125);
        QCOMPARE(masks.size(), std::size_t(2));
        QVERIFY(masks.count("window"));
        const Mask expected =
            test::referenceRasterise({10.3 * 2.5, 5.1 * 2.5, 60.7 * 2.5, 8.2 * 2.5, 33.3 * 2.5, 40.9 * 2.5}, 250, 125);
        QCOMPARE(masks.at("probe_shadow").values(), expected.values());
        QCOMPARE(countSet(masks.at("window")), std::size_t(50 * 50));
    }
    void boxesAndOtherShapesAreSkippedUnlessAsked() {
        SceneAnnotations scene;
        scene.imageWidth = 20;
        scene.imageHeight = 20;
        Shape box;
        box.label = box.className = "mirror";
        box.kind = ShapeKind::Box;
        box.shapeType = "box";
        box.box = std::array<double, 4>{2, 3, 4, 5};
        Shape circle = polygon("metallic", {{{5, 5}, {8, 5}}});
        circle.kind = ShapeKind::Other;
        circle.shapeType = "circle";
        scene.shapes = {box, circle};
        std::vector<std::string> warnings;
        RasterOptions options;
        options.warnings = &warnings;
        QVERIFY(rasteriseByClass(scene, 20, 20, options).empty());
        QCOMPARE(warnings.size(), std::size_t(2));
        options.includeBoxes = true;
        const auto masks = rasteriseByClass(scene, 20, 20, options);
        QCOMPARE(countSet(masks.at("mirror")), std::size_t(20));
    }
    void rleMasksAreSampledAtTheTargetSize() {
        SceneAnnotations scene;
        scene.imageWidth = 4;
        scene.imageHeight = 2;
        Shape s;
        s.label = s.className = "mirror";
        s.kind = ShapeKind::Mask;
        s.mask = Mask(4, 2, 0);
        s.mask(1, 0) = 1;
        scene.shapes = {s};
        QCOMPARE(rasteriseByClass(scene, 4, 2).at("mirror").values(), s.mask.values());
        const Mask big = rasteriseByClass(scene, 8, 4).at("mirror");
        QCOMPARE(countSet(big), std::size_t(4));
        QVERIFY(big(2, 0) && big(3, 1));
    }
    void outOfImageAndAbsurdCoordinatesDoNotCrash() {
        const Ring wild = {{-1e12, 5}, {1e12, 7}, {3, 1e300}, {NAN, 2}};
        (void)rasteriseRingCoco(wild, 30, 30);
        (void)rasteriseRingLabelMe(wild, 30, 30);
        const Mask clipped = rasteriseRingCoco(rectRing(-50, -50, 5, 5), 10, 10);
        QCOMPARE(countSet(clipped), std::size_t(25));
        QCOMPARE(countSet(rasteriseRingCoco(rectRing(-50, -50, 500, 500), 10, 10)), std::size_t(100));
    }

private:
    static Mask referenceRasteriseFor(const Ring& r, int w, int h) { return test::referenceRasterise(flat(r), w, h); }
};

QTEST_GUILESS_MAIN(TestRasterise)
#include "test_rasterise.moc"
