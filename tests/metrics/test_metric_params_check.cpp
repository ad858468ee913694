// The parameter check behind the GUI's parameter editor: the spec's defaults pass; each bad value is
// named; band edges parse from text and print back.
#include "metrics/MetricParamsCheck.h"
#include "util/Error.h"

#include <QtTest>

using namespace ll;

class TestMetricParamsCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultsPass() {
        QVERIFY(metricParamProblems(MetricParams{}).empty());
        checkMetricParams(MetricParams{}, "params");
    }

    void eachBadValueIsNamed_data() {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("expect");
        QTest::newRow("sigma") << 0 << "low_signal_sigma_fraction";
        QTest::newRow("percentile") << 1 << "low_signal_percentile";
        QTest::newRow("clip code") << 2 << "edit_clip_code";
        QTest::newRow("lfe") << 3 << "lfe_gradient_percentile";
        QTest::newRow("edges order") << 4 << "band edges";
        QTest::newRow("edges end") << 5 << "band edges";
        QTest::newRow("ssim") << 6 << "ssim_sigma";
        QTest::newRow("min pixels") << 7 << "min_region_pixels";
        QTest::newRow("nan") << 8 << "low_signal_fraction";
    }
    void eachBadValueIsNamed() {
        QFETCH(int, which);
        QFETCH(QString, expect);
        MetricParams p;
        switch (which) {
        case 0: p.lowSignalSigmaFraction = 0; break;
        case 1: p.lowSignalPercentile = 101; break;
        case 2: p.editClipCode = 256; break;
        case 3: p.lfeGradientPercentile = 0; break;
        case 4: p.bandEdgesPercent = {100, 6, 16, 0}; break;
        case 5: p.bandEdgesPercent = {100, 16, 6}; break;
        case 6: p.ssimSigma = -1; break;
        case 7: p.minRegionPixels = 0; break;
        case 8: p.lowSignalFraction = std::nan(""); break;
        }
        const auto problems = metricParamProblems(p);
        QCOMPARE(int(problems.size()), 1);
        QVERIFY2(QString::fromStdString(problems[0]).contains(expect), problems[0].c_str());
        try {
            checkMetricParams(p, "params.json");
            QFAIL("no error");
        } catch (const Error& e) {
            QVERIFY(QString(e.what()).startsWith("params.json: "));
        }
    }

    void bandEdgesFromText() {
        QCOMPARE(parseBandEdges("100, 16, 6,3 2 1 0", "edges"), (std::vector<double>{100, 16, 6, 3, 2, 1, 0}));
        QCOMPARE(parseBandEdges(" 100;50 ;0 ", "edges"), (std::vector<double>{100, 50, 0}));
        QCOMPARE(formatBandEdges({100, 16, 6, 3, 2, 1, 0}), std::string("100, 16, 6, 3, 2, 1, 0"));
        QCOMPARE(formatBandEdges({100, 2.5, 0}), std::string("100, 2.5, 0"));
        QVERIFY_THROWS_EXCEPTION(Error, parseBandEdges("100, x, 0", "edges"));
        QVERIFY_THROWS_EXCEPTION(Error, parseBandEdges("100, 5e999, 0", "edges"));
        QVERIFY_THROWS_EXCEPTION(Error, parseBandEdges("  ", "edges"));
    }
};

QTEST_GUILESS_MAIN(TestMetricParamsCheck)
#include "test_metric_params_check.moc"
