// 8-connected components (edit/ConnectedComponents.h) against a brute-force flood fill written here,
// on random masks of several densities and sizes, plus hand-made shapes.
#include "edit/ConnectedComponents.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace ll;
using namespace ll::edit;

namespace {

struct FloodComponent {
    std::size_t area = 0;
    int x0, y0, x1, y1;
    std::size_t first; // raster index of the first pixel
};

// Flood fill with an explicit stack, components numbered in raster order of their first pixel.
std::vector<FloodComponent> floodFill(const Mask& m, std::vector<int>& label) {
    const int w = m.width(), h = m.height();
    label.assign(m.size(), 0);
    std::vector<FloodComponent> out;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            if (!m(x, y) || label[std::size_t(y) * w + x]) continue;
            const int id = int(out.size()) + 1;
            FloodComponent c{0, x, y, x, y, std::size_t(y) * w + x};
            std::vector<std::pair<int, int>> stack{{x, y}};
            label[std::size_t(y) * w + x] = id;
            while (!stack.empty()) {
                auto [px, py] = stack.back();
                stack.pop_back();
                ++c.area;
                c.x0 = std::min(c.x0, px), c.x1 = std::max(c.x1, px), c.y0 = std::min(c.y0, py), c.y1 = std::max(c.y1, py);
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) {
                        const int nx = px + dx, ny = py + dy;
                        if (nx < 0 || ny < 0 || nx >= w || ny >= h || !m(nx, ny)) continue;
                        int& l = label[std::size_t(ny) * w + nx];
                        if (l) continue;
                        l = id;
                        stack.push_back({nx, ny});
                    }
            }
            out.push_back(c);
        }
    return out;
}

Mask randomMask(int w, int h, double density, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution on(density);
    Mask m(w, h);
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = on(rng) ? 1 : 0;
    return m;
}

void compare(const Mask& m) {
    std::vector<int> refLabel;
    const auto ref = floodFill(m, refLabel);
    Plane<int> labels;
    const auto got = connectedComponents(m, &labels);
    QCOMPARE(got.size(), ref.size());
    QCOMPARE(labels.width(), m.width());
    QCOMPARE(labels.height(), m.height());
    for (std::size_t k = 0; k < ref.size(); ++k) {
        QCOMPARE(got[k].label, int(k) + 1);
        QCOMPARE(got[k].area, ref[k].area);
        QCOMPARE(got[k].x0, ref[k].x0);
        QCOMPARE(got[k].y0, ref[k].y0);
        QCOMPARE(got[k].x1, ref[k].x1);
        QCOMPARE(got[k].y1, ref[k].y1);
    }
    // Same partition with the same numbering (both number in raster order of the first pixel).
    for (std::size_t i = 0; i < m.size(); ++i) QCOMPARE(labels[i], refLabel[i]);
}

} // namespace

class TestConnectedComponents : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void matchesFloodFillOnRandomMasks_data() {
        QTest::addColumn<int>("w");
        QTest::addColumn<int>("h");
        QTest::addColumn<double>("density");
        for (double d : {0.05, 0.3, 0.45, 0.6, 0.9})
            for (auto [w, h] : {std::pair{64, 48}, std::pair{1, 50}, std::pair{50, 1}, std::pair{7, 3}})
                QTest::addRow("%dx%d density %.2f", w, h, d) << w << h << d;
    }
    void matchesFloodFillOnRandomMasks() {
        QFETCH(int, w);
        QFETCH(int, h);
        QFETCH(double, density);
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            compare(randomMask(w, h, density, seed * 7919 + std::uint64_t(w * h)));
            if (QTest::currentTestFailed()) QFAIL(qPrintable(QString("seed %1").arg(seed)));
        }
    }

    void handMadeShapes() {
        // Diagonal neighbours join (8-connectivity); a U shape whose arms meet only at the bottom is
        // one component (the case a single raster pass gets wrong without merging labels).
        Mask diag(4, 4);
        for (int i = 0; i < 4; ++i) diag(i, i) = 1;
        auto c = connectedComponents(diag);
        QCOMPARE(c.size(), std::size_t(1));
        QCOMPARE(c[0].area, std::size_t(4));
        QCOMPARE(c[0].x1, 3);

        Mask u(5, 4);
        for (int y = 0; y < 4; ++y) u(0, y) = u(4, y) = 1;
        for (int x = 0; x < 5; ++x) u(x, 3) = 1;
        c = connectedComponents(u);
        QCOMPARE(c.size(), std::size_t(1));
        QCOMPARE(c[0].area, std::size_t(11));

        QCOMPARE(connectedComponents(Mask(6, 5)).size(), std::size_t(0));
        const auto full = connectedComponents(Mask(6, 5, 1));
        QCOMPARE(full.size(), std::size_t(1));
        QCOMPARE(full[0].area, std::size_t(30));
        compare(diag);
        compare(u);
    }
};

QTEST_GUILESS_MAIN(TestConnectedComponents)
#include "test_connected_components.moc"
