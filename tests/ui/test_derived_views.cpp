// The five map views that follow from the images, built together from rows computed once for all
// (buildDerivedViews), equal each view built alone from its own rows (ImageSource::ratio/signedMap):
// the automatic ranges, every pyramid level value for value, and the pixels drawn. Sizes with and
// without a stored level 2, and wider than the rows' chunk.
#include "inspect/DerivedViews.h"
#include "metrics/Evaluate.h"
#include "metrics/SyntheticScenes.h"
#include "view/DisplaySettings.h"
#include "view/RegionRenderer.h"

#include <QtTest>

#include <cstring>
#include <random>

using namespace ll;
using namespace ll::ui;

class TestDerivedViews : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void togetherEqualsAlone_data() {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("task");
        QTest::newRow("300x200 on") << 300 << 200 << int(Task::On);
        QTest::newRow("701x133 off") << 701 << 133 << int(Task::Off);
        QTest::newRow("100x60 on (no level 2)") << 100 << 60 << int(Task::On);
        // Heights of every remainder that matters for the range blocks of 8 rows, which also make level 2.
        QTest::newRow("257x129 on") << 257 << 129 << int(Task::On);
        QTest::newRow("190x262 off") << 190 << 262 << int(Task::Off);
        QTest::newRow("140x135 on") << 140 << 135 << int(Task::On);
    }

    void togetherEqualsAlone() {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, task);
        const test::Scene scene = test::makeScene(width, height, 17);
        Image edit = scene.oracleEdit;
        std::mt19937 rng(2);
        std::normal_distribution<float> noise(0.0f, 0.06f);
        for (std::size_t i = 0; i < edit.floatCount(); ++i) edit.data()[i] *= 1.0f + noise(rng);
        EvalInputs in;
        in.on = &scene.on;
        in.off = &scene.off;
        in.edit = &edit;
        in.task = Task(task);
        const auto result = std::make_shared<const EvalResult>(evaluate(in, {}, KeptMaps::Compact));
        QVERIFY(result->scores.validPixels > 100);
        const auto omega = std::shared_ptr<const Mask>(result, &result->maps->masks.omega);
        const auto derived = std::make_shared<const EvalDerivedMaps>(scene.on, scene.off, edit, *omega, result->scores);
        const auto views = buildDerivedViews(derived, omega, result, {"E_R", "E_G", "S(E_R)", "S(E_G)", "SIE"});
        for (int m = 0; m < 5; ++m) {
            const RowFunction rows = derivedMapRows(derived, omega, DerivedMap(m), result);
            const SourcePtr alone = m < 2 ? ImageSource::ratio(width, height, rows, "alone")
                                          : ImageSource::signedMap(width, height, rows, "alone");
            const SourcePtr& together = views[std::size_t(m)];
            QCOMPARE(together->kind(), alone->kind());
            QCOMPARE(together->autoRange(), alone->autoRange());
            QCOMPARE(together->rangeLow(), alone->rangeLow());
            QCOMPARE(together->rangeHigh(), alone->rangeHigh());
            QCOMPARE(together->levelCount(), alone->levelCount());
            const int ch = alone->channels();
            std::size_t finite = 0;
            for (int l = 0; l < alone->levelCount(); ++l) {
                const MipLevel& a = alone->level(l);
                QCOMPARE(together->level(l).width, a.width);
                QCOMPARE(together->level(l).height, a.height);
                std::vector<float> ra(std::size_t(a.width) * std::size_t(ch)), rb(ra.size());
                for (int y = 0; y < a.height; ++y) {
                    alone->readRow(l, y, 0, a.width, ra.data());
                    together->readRow(l, y, 0, a.width, rb.data());
                    QVERIFY2(std::memcmp(ra.data(), rb.data(), ra.size() * sizeof(float)) == 0,
                             qPrintable(QString("map %1 level %2 row %3").arg(m).arg(l).arg(y)));
                    for (const float v : ra) finite += std::isfinite(v);
                }
            }
            QVERIFY(finite > 100); // the maps hold values, not only NaN
            DisplaySettings s;
            QCOMPARE(renderRegion(*together, 0, QRect(0, 0, width, height), s), renderRegion(*alone, 0, QRect(0, 0, width, height), s));
        }
        // A stored level 2 when the pyramid reaches it.
        QCOMPARE(views[4]->levelCount() > 2, std::max(width, height) > 128);
        if (views[4]->levelCount() > 2) QVERIFY(!views[4]->level(2).computed());
    }
};

QTEST_MAIN(TestDerivedViews)
#include "test_derived_views.moc"
