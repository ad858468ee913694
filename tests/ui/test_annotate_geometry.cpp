// The annotation editor's pure parts: segment projection, point-in-shape, the spatial index and
// snapping (exact shared borders), the edit functions and their inverses, lossless shape JSON.
#include "annotate/ShapeChange.h"
#include "annotate/ShapeEdits.h"
#include "annotate/ShapeIndex.h"
#include "annotate/ShapeJson.h"
#include "annotations/Rasterise.h"
#include "util/Error.h"

#include <QtTest>

using namespace ll;
using namespace ll::ui;

namespace {
Ring square(double x, double y, double s) { return {{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}}; }
} // namespace

class TestAnnotateGeometry : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void projectsOntoSegments() {
        const auto s = projectOntoSegment({5, 3}, {0, 0}, {10, 0});
        QCOMPARE(s.point, (AnnotationPoint{5, 0}));
        QCOMPARE(s.t, 0.5);
        QCOMPARE(s.distanceSquared, 9.0);
        const auto end = projectOntoSegment({-4, 1}, {0, 0}, {10, 0});
        QCOMPARE(end.point, (AnnotationPoint{0, 0}));
        QCOMPARE(end.t, 0.0);
        const auto degenerate = projectOntoSegment({1, 1}, {2, 2}, {2, 2});
        QCOMPARE(degenerate.point, (AnnotationPoint{2, 2}));
    }

    void pointInShapeFollowsTheRingRule() {
        const std::vector<Ring> rings = {square(0, 0, 10), square(3, 3, 4)};
        QVERIFY(pointInRings({1, 1}, rings, RingRule::EvenOdd));
        QVERIFY(!pointInRings({5, 5}, rings, RingRule::EvenOdd)); // in the hole
        QVERIFY(pointInRings({5, 5}, rings, RingRule::Union));
        QVERIFY(!pointInRings({11, 5}, rings, RingRule::EvenOdd));
        QCOMPARE(signedRingArea(square(0, 0, 10)), 100.0);
    }

    void indexFindsNearestVertexAndEdge() {
        ShapeIndex index;
        index.build({{square(0, 0, 10)}, {square(20, 0, 10)}});
        auto v = index.nearestVertex({10.5, 0.5}, 2);
        QVERIFY(v);
        QCOMPARE(*v, (VertexRef{0, 0, 1}));
        QVERIFY(!index.nearestVertex({15, 5}, 2));
        QVERIFY(!index.nearestVertex({10.5, 0.5}, 2, -1, 0)); // shape 0 excluded
        auto e = index.nearestEdge({25, 11}, 2);
        QVERIFY(e);
        QCOMPARE(e->shape, 1);
        QCOMPARE(e->edge, 2); // (30,10) -> (20,10)
        QCOMPARE(e->point, (AnnotationPoint{25, 10}));
        QCOMPARE(index.shapesContaining({5, 5}), std::vector<int>{0});
        QCOMPARE(index.shapesContaining({25, 5}), std::vector<int>{1});
        QVERIFY(index.shapesContaining({15, 5}).empty());
    }

    void snapPrefersVerticesThenEdgesOfOtherShapes() {
        ShapeIndex index;
        index.build({{square(0, 0, 10)}, {square(10, 0, 10)}});
        // Near a shared corner: the vertex itself, bit for bit.
        auto s = snapPoint(index, {10.3, 9.6}, 1.0, -1);
        QVERIFY(s);
        QCOMPARE(s->kind, SnapResult::Vertex);
        QCOMPARE(s->point, (AnnotationPoint{10, 10}));
        // Near an edge but far from vertices: the projection.
        s = snapPoint(index, {4, 0.4}, 1.0, -1);
        QVERIFY(s);
        QCOMPARE(s->kind, SnapResult::Edge);
        QCOMPARE(s->point, (AnnotationPoint{4, 0}));
        // The shape being edited is left out.
        s = snapPoint(index, {4, 0.4}, 1.0, 0);
        QVERIFY(!s);
        QVERIFY(!snapPoint(index, {5, 5}, 1.0, -1));
    }

    void snappedNeighboursShareABorderWithoutGaps() {
        // A shape drawn next to another, its vertices snapped onto the other's edge: the union
        // of the two masks has no unlabelled pixel between them, and they do not overlap.
        const Ring left = {{2, 2}, {20.37, 2}, {20.37, 30}, {2, 30}};
        ShapeIndex index;
        index.build({{left}});
        Ring right;
        for (AnnotationPoint p : {AnnotationPoint{20.9, 2.2}, AnnotationPoint{40, 2}, AnnotationPoint{40, 30},
                                  AnnotationPoint{20.1, 17.3}}) {
            auto s = snapPoint(index, p, 1.5, -1);
            right.push_back(s ? s->point : p);
        }
        QCOMPARE(right[0], (AnnotationPoint{20.37, 2}));
        QCOMPARE(right[3].x, 20.37);
        right.insert(right.begin() + 3, AnnotationPoint{20.37, 30}); // close along the shared edge
        Shape a = makePolygon("probe_shadow", left), b = makePolygon("ambient_shadow", right);
        const Mask ma = rasteriseShape(a, 48, 40), mb = rasteriseShape(b, 48, 40);
        for (int y = 3; y < 29; ++y) {
            for (int x = 3; x < 39; ++x) {
                QVERIFY2(ma(x, y) || mb(x, y), qPrintable(QString("gap at %1,%2").arg(x).arg(y)));
                QVERIFY2(!(ma(x, y) && mb(x, y)), qPrintable(QString("overlap at %1,%2").arg(x).arg(y)));
            }
        }
    }

    void indexQueriesStayLocal() {
        // 500 polygons of 20 vertices: a query near one looks at a few cells, not 10000 edges.
        std::vector<std::vector<Ring>> shapes;
        for (int i = 0; i < 500; ++i) {
            const double cx = 20 + (i % 25) * 40, cy = 20 + (i / 25) * 40;
            Ring r;
            for (int k = 0; k < 20; ++k)
                r.push_back({cx + 15 * std::cos(k * 2 * M_PI / 20), cy + 15 * std::sin(k * 2 * M_PI / 20)});
            shapes.push_back({r});
        }
        ShapeIndex index;
        index.build(shapes);
        QVERIFY(index.nearestVertex({35, 20}, 3));
        QVERIFY2(index.lastQueryEdges() < 200, qPrintable(QString::number(index.lastQueryEdges())));
        QVERIFY(index.nearestEdge({20, 4.5}, 3));
        QVERIFY2(index.lastQueryEdges() < 200, qPrintable(QString::number(index.lastQueryEdges())));
        QCOMPARE(index.shapesContaining({60, 60}), std::vector<int>{26});
    }

    void editsAndTheirInverses() {
        std::vector<Shape> shapes = {makePolygon("probe_shadow", square(0, 0, 10)), makePolygon("glass", square(20, 0, 10))};
        QCOMPARE(shapes[1].className, std::string("transparent"));
        const std::vector<Shape> before = shapes;
        // Applies the changes, checks that their inverse restores the shapes, returns the result.
        bool inverseRestores = true;
        auto check = [&](const ShapeChanges& changes) {
            std::vector<Shape> s = shapes;
            const ShapeChanges inverse = applyShapeChanges(s, changes);
            std::vector<Shape> back = s;
            applyShapeChanges(back, inverse);
            bool same = back.size() == shapes.size();
            for (std::size_t i = 0; same && i < back.size(); ++i)
                same = back[i].rings == shapes[i].rings && back[i].label == shapes[i].label;
            inverseRestores = inverseRestores && same;
            return s;
        };
        auto s = check(moveVertex(shapes, {0, 0, 2}, {12, 11}));
        QCOMPARE(s[0].rings[0][2], (AnnotationPoint{12, 11}));
        s = check(insertVertex(shapes, 0, 0, 0, {5, -1}));
        QCOMPARE(s[0].rings[0].size(), std::size_t(5));
        QCOMPARE(s[0].rings[0][1], (AnnotationPoint{5, -1}));
        s = check(moveShapes(shapes, {0, 1}, 1, 2));
        QCOMPARE(s[1].rings[0][0], (AnnotationPoint{21, 2}));
        s = check(deleteShapes(shapes, {1, 0}));
        QVERIFY(s.empty());
        s = check(duplicateShapes(shapes, {1}, 3, 3));
        QCOMPARE(s.size(), std::size_t(3));
        QCOMPARE(s[2].rings[0][0], (AnnotationPoint{23, 3}));
        s = check(relabelShapes(shapes, {0}, "window"));
        QCOMPARE(s[0].className, std::string("window"));
        s = check(cutHole(shapes, 0, square(2, 2, 3)));
        QCOMPARE(s[0].rings.size(), std::size_t(2));
        // Deleting a hole's vertex below three removes the hole; the outer ring's, the shape.
        std::vector<Shape> holed = s;
        holed[0].rings[1].pop_back(); // a hole of three vertices
        auto h = check2(holed, deleteVertex(holed, {0, 1, 0}));
        QCOMPARE(h[0].rings.size(), std::size_t(1));
        std::vector<Shape> tri = {makePolygon("mirror", {{0, 0}, {1, 0}, {0, 1}})};
        QCOMPARE(deleteVertex(tri, {0, 0, 1}).front().type, ShapeChange::Remove);
        // Rectangles become polygons when their geometry is edited.
        Shape rect;
        rect.label = "window";
        rect.kind = ShapeKind::Rectangle;
        rect.shapeType = "rectangle";
        rect.rings = {{{0, 0}, {4, 2}}};
        std::vector<Shape> r = {rect};
        const auto moved = moveVertex(r, {0, 0, 2}, {5, 3});
        QCOMPARE(moved.front().shape.kind, ShapeKind::Polygon);
        QCOMPARE(moved.front().shape.rings[0], (Ring{{0, 0}, {4, 0}, {5, 3}, {0, 2}}));
        QVERIFY(inverseRestores);
        QVERIFY(before.size() == shapes.size());
        // Out-of-range changes throw and leave the shapes alone.
        std::vector<Shape> keep = shapes;
        const ShapeChanges bad = {{ShapeChange::Remove, 0, {}}, {ShapeChange::Remove, 5, {}}};
        QVERIFY(throwsError([&] { applyShapeChanges(keep, bad); }));
        QCOMPARE(keep.size(), shapes.size());
    }

    void shapesRoundTripThroughJson() {
        Shape s = makePolygon("Probe Shadow", square(0.1, 0.2, 1.0 / 3.0));
        s.rings.push_back(square(0.12, 0.25, 0.01));
        s.groupId = 7;
        s.id = 42;
        s.flags = nlohmann::ordered_json{{"checked", true}};
        s.original = nlohmann::ordered_json{{"label", "Probe Shadow"}, {"extra", {1, 2, 3}}};
        Shape m;
        m.kind = ShapeKind::Mask;
        m.label = "mirror";
        m.shapeType = "mask";
        m.mask = Mask(5, 4, 0);
        m.mask(1, 2) = 1;
        m.mask(4, 3) = 1;
        m.box = std::array<double, 4>{1, 2, 4, 2};
        for (const Shape& in : {s, m}) {
            const Shape out = shapeFromJson(nlohmann::ordered_json::parse(shapeToJson(in).dump()), "test");
            QCOMPARE(out.label, in.label);
            QCOMPARE(out.className, in.className);
            QCOMPARE(out.kind, in.kind);
            QCOMPARE(out.rings, in.rings); // doubles bit for bit
            QCOMPARE(out.groupId, in.groupId);
            QCOMPARE(out.id, in.id);
            QCOMPARE(out.box, in.box);
            QCOMPARE(out.flags, in.flags);
            QCOMPARE(out.original, in.original);
            QCOMPARE(out.mask.values(), in.mask.values());
        }
        const nlohmann::ordered_json notAShape = {{"label", 1}};
        QVERIFY(throwsError([&] { shapeFromJson(notAShape, "test"); }));
    }

private:
    template <typename F>
    static bool throwsError(F&& f) {
        try {
            f();
        } catch (const ll::Error&) {
            return true;
        }
        return false;
    }
    static std::vector<Shape> check2(std::vector<Shape> shapes, const ShapeChanges& changes) {
        applyShapeChanges(shapes, changes);
        return shapes;
    }
};

QTEST_MAIN(TestAnnotateGeometry)
#include "test_annotate_geometry.moc"
