// A scene pair loaded into the buffers of another pair (what ScenePairCache does with the pairs no one
// uses any more) equals the same pair loaded afresh, value for value, whatever the other pair's size
// and content were; and the cache hands back equal pairs through its recycled buffers.
#include "bench/ScenePairCache.h"
#include "colour/ColourConfig.h"
#include "dataset/Dataset.h"
#include "image/ImageIO.h"
#include "metrics/MetricParams.h"

#include "support/TestSupport.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

// Allocations of one watched size (an image's pixels), counted through the program's operator new.
static std::atomic<std::size_t> gWatchedSize{0}, gWatchedCount{0};
void* operator new(std::size_t n) {
    if (n == gWatchedSize.load()) ++gWatchedCount;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace fs = std::filesystem;
using namespace ll;
using namespace ll::bench;

namespace {

bool sameBits(const float* a, const float* b, std::size_t n) { return std::memcmp(a, b, n * sizeof(float)) == 0; }

bool samePair(const ScenePair& x, const ScenePair& y) {
    auto img = [](const Image& a, const Image& b) {
        return a.width() == b.width() && a.height() == b.height() && sameBits(a.data(), b.data(), a.floatCount()) &&
               a.info.colourSpace == b.info.colourSpace && a.info.path == b.info.path;
    };
    auto plane = [](const FloatPlane& a, const FloatPlane& b) {
        return a.width() == b.width() && a.height() == b.height() && sameBits(a.data(), b.data(), a.size());
    };
    return img(x.on, y.on) && img(x.off, y.off) && img(x.seenOn, y.seenOn) && img(x.seenOff, y.seenOff) &&
           plane(x.light.light, y.light.light) && plane(x.light.blurred, y.light.blurred) &&
           std::memcmp(&x.light.blurredPercentile, &y.light.blurredPercentile, sizeof(double)) == 0 && x.k == y.k &&
           x.clipLevel == y.clipLevel && x.warnings == y.warnings && x.regions.size() == y.regions.size();
}

// A pair of W x H with a lamp at (cx, cy): off a smooth room, on the room plus the lamp's falloff.
Scene writeScene(const fs::path& dir, const std::string& name, int W, int H, float cx, float cy, double k) {
    Image on(W, H), off(W, H);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x)
            for (int c = 0; c < 3; ++c) {
                const float room = 0.05f + 0.002f * float((x * 3 + y * 5 + c * 7) % 50);
                const float d2 = (float(x) - cx) * (float(x) - cx) + (float(y) - cy) * (float(y) - cy);
                off.at(x, y, c) = room;
                on.at(x, y, c) = room * (1.0f + 40.0f / (1.0f + 0.05f * d2));
            }
    Scene s;
    s.name = name;
    s.dir = dir / name;
    fs::create_directories(s.dir);
    s.on = s.dir / "on.exr";
    s.off = s.dir / "off.exr";
    saveExr(on, s.on);
    saveExr(off, s.off);
    s.meta.k = k;
    s.width = W;
    s.height = H;
    return s;
}

} // namespace

class TestScenePairReuse : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    ColourConfig colour_ = ColourConfig::builtin();
    MetricParams params_;

private Q_SLOTS:
    void loadIntoUsedBuffersEqualsFreshLoad() {
        const fs::path root(tmp_.path().toStdString());
        const Scene big = writeScene(root, "big", 64, 48, 20.0f, 10.0f, 1.5);
        const Scene small = writeScene(root, "small", 40, 30, 30.0f, 25.0f, 0.8);
        const Scene same = writeScene(root, "same", 64, 48, 50.0f, 40.0f, 2.0);
        const ScenePair freshSmall = loadScenePair(small, 0, 0, colour_, params_);
        const ScenePair freshSame = loadScenePair(same, 0, 0, colour_, params_);
        const ScenePair freshBig = loadScenePair(big, 0, 0, colour_, params_);
        QVERIFY(!samePair(freshBig, freshSame)); // the scenes differ, so the checks below can fail

        // Into the buffers of a larger pair, then of a smaller one, then of one of the same size.
        ScenePair used = loadScenePair(big, 0, 0, colour_, params_);
        loadScenePair(small, 0, 0, colour_, params_, {}, used);
        QVERIFY(samePair(used, freshSmall));
        loadScenePair(big, 0, 0, colour_, params_, {}, used);
        QVERIFY(samePair(used, freshBig));
        // A pair of the same size allocates no image: none of the size of 64 x 48 RGB floats is made,
        // where a fresh load makes one for each of its four images.
        gWatchedSize = std::size_t(64 * 48 * 3) * sizeof(float);
        gWatchedCount = 0;
        const ScenePair counted = loadScenePair(same, 0, 0, colour_, params_);
        QVERIFY(gWatchedCount.load() >= 4);
        gWatchedCount = 0;
        loadScenePair(same, 0, 0, colour_, params_, {}, used);
        QCOMPARE(gWatchedCount.load(), std::size_t(0));
        gWatchedSize = 0;
        QVERIFY(samePair(used, freshSame));
        QVERIFY(samePair(counted, freshSame));

        // At an evaluation size other than the files' (resampled).
        const ScenePair freshResized = loadScenePair(big, 32, 24, colour_, params_);
        loadScenePair(big, 32, 24, colour_, params_, {}, used);
        QVERIFY(samePair(used, freshResized));
    }

    // Through the cache with room for one pair: every request after the first evicts a pair, which
    // goes to the spares once no one holds it, and the next load reuses it.
    void cacheGivesEqualPairsThroughRecycledBuffers() {
        const fs::path root(tmp_.path().toStdString());
        Dataset ds;
        ds.scenes = {writeScene(root, "c0", 48, 32, 10.0f, 10.0f, 1.0), writeScene(root, "c1", 48, 32, 30.0f, 20.0f, 1.0),
                     writeScene(root, "c2", 36, 24, 5.0f, 5.0f, 1.0)};
        ScenePairCache cache(ds, colour_, params_, 1);
        for (int round = 0; round < 2; ++round)
            for (std::size_t s = 0; s < ds.scenes.size(); ++s) {
                const ScenePair fresh = loadScenePair(ds.scenes[s], 0, 0, colour_, params_);
                QVERIFY(samePair(*cache.get(s, 0, 0), fresh));
            }
        QCOMPARE(cache.loads(), std::size_t(6));

        // The pair of c1 lands in the memory of c0's, which nobody held any more: no image allocated.
        ScenePairCache again(ds, colour_, params_, 1);
        gWatchedSize = std::size_t(48 * 32 * 3) * sizeof(float);
        gWatchedCount = 0;
        again.get(0, 0, 0);
        QVERIFY(gWatchedCount.load() >= 4);
        gWatchedCount = 0;
        again.get(1, 0, 0);
        QCOMPARE(gWatchedCount.load(), std::size_t(0));
        gWatchedSize = 0;
    }
};

QTEST_GUILESS_MAIN(TestScenePairReuse)
#include "test_scene_pair_reuse.moc"
