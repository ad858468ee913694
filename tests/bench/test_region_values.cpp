// The class and band tables' per-image rule (spec "Dataset aggregation"): a failed edit, and an edit
// whose whole-image score is undefined, count as worst in the region's best-x% selection; an image
// where the region has too few valid pixels is left out and counted.
#include "bench/Aggregate.h"
#include "bench/RegionValues.h"

#include <QtTest>

using namespace ll::bench;

namespace {

ScoreRow row(std::optional<double> sie, std::optional<double> regionSie, Failure f = Failure::None) {
    ScoreRow r;
    r.sie = sie;
    r.lfe = sie;
    r.failure = f;
    if (f == Failure::None) r.regions["probe_shadow"] = RegionScore{regionSie ? 500 : 40, regionSie, regionSie};
    return r;
}

} // namespace

class TestRegionValues : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void failuresAreWorstAndSmallRegionsLeftOut() {
        const std::vector<ScoreRow> rows = {row(1.0, 2.0), row(1.0, 4.0), row(std::nullopt, std::nullopt, Failure::MissingEdit),
                                            row(std::nullopt, std::nullopt, Failure::DegenerateEdit),
                                            row(1.0, std::nullopt), // 40 pixels: left out
                                            row(std::nullopt, std::nullopt)}; // whole score undefined: worst
        std::vector<const ScoreRow*> ptrs;
        for (const auto& r : rows) ptrs.push_back(&r);
        const RegionValues v = regionValues(ptrs, false, "probe_shadow", false);
        QCOMPARE(v.failed, std::size_t(3));
        QCOMPARE(v.leftOut, std::size_t(1));
        QCOMPARE(v.values.size(), std::size_t(5));
        // Best 40% of 5 = 2 images: 2 and 4 -> 3; best 60% = 3 images includes a failure -> undefined.
        QCOMPARE(*bestFractionMean(v.values, 40).mean, 3.0);
        QVERIFY(!bestFractionMean(v.values, 60).mean);
        // A region the scene is not annotated with is left out, not a failure.
        const RegionValues none = regionValues({ptrs[0], ptrs[1]}, false, "metallic", false);
        QCOMPARE(none.values.size(), std::size_t(0));
        QCOMPARE(none.leftOut, std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestRegionValues)
#include "test_region_values.moc"
