// The metric parameter editor: the dialog shows the spec's defaults, refuses bad values with the
// problem named, restores the defaults; the session re-evaluates the case on screen with new
// parameters (scores equal the core's evaluate() with the same parameters) and keeps the old
// result cached under the old parameters.
#include "app/DatasetSession.h"
#include "inspect/CaseRequest.h"
#include "metrics/LoadCase.h"
#include "panels/MetricParamsDialog.h"
#include "support/SmallSynthDataset.h"

#include <QtTest>

#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>

using namespace ll;
using namespace ll::ui;

class TestMetricParams : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dataset_ = test::writeSmallSynthDataset(dir_.path(), 1, 240, 160);
    }

    void dialogEditsAndChecks() {
        MetricParamsDialog d(MetricParams{});
        QVERIFY(d.problem().isEmpty());
        QCOMPARE(paramsKey(d.params()), paramsKey(MetricParams{}));
        auto* ok = d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isEnabled());

        auto* bands = d.findChild<QLineEdit*>("bandEdges");
        QVERIFY(bands);
        bands->setText("100, 6, 16, 0");
        QVERIFY2(d.problem().contains("band edges"), qPrintable(d.problem()));
        QVERIFY(!ok->isEnabled());
        bands->setText("100, x");
        QVERIFY(d.problem().contains("'x' is not a number"));
        bands->setText("100, 50, 10, 0");
        QVERIFY(d.problem().isEmpty());
        QCOMPARE(d.params().bandEdgesPercent, (std::vector<double>{100, 50, 10, 0}));

        MetricParams custom;
        custom.lfeGradientPercentile = 60;
        custom.madFloor = 1e-9;
        d.setParams(custom);
        QCOMPARE(d.params().lfeGradientPercentile, 60.0);
        QCOMPARE(d.params().madFloor, 1e-9);
        d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(paramsKey(d.params()), paramsKey(MetricParams{}));
    }

    void sessionReevaluatesWithNewParameters() {
        JobRunner runner;
        DatasetSession session(&runner);
        session.open(dataset_.toStdString());
        const CaseId id{"scene_000", "flat_falloff", Task::On};
        CasePtr shown;
        connect(&session, &DatasetSession::caseReady, this, [&](CasePtr c) { shown = c; });
        session.request(id);
        QTRY_VERIFY_WITH_TIMEOUT(shown && shown->result, 60000);
        const CasePtr before = shown;

        MetricParams p;
        p.lfeGradientPercentile = 50;
        p.bandEdgesPercent = {100, 50, 0};
        QSignalSpy changed(&session, &DatasetSession::paramsChanged);
        shown.reset();
        session.setParams(p);
        QCOMPARE(changed.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(shown && shown->result, 60000);
        QVERIFY(shown != before);

        const std::string root = dataset_.toStdString();
        CaseFiles files{root + "/scenes/scene_000/on.exr", root + "/scenes/scene_000/off.exr",
                        root + "/edits/flat_falloff/turn_on/scene_000.png", root + "/scenes/scene_000/labels.json"};
        CaseOptions opt;
        opt.k = shown->loaded().k;
        const LoadedCase lc = loadCase(files, opt, ColourConfig::builtin());
        const EvalScores ref = evaluate(lc.inputs(Task::On), p, false).scores;
        const EvalScores refDefault = evaluate(lc.inputs(Task::On), MetricParams{}, false).scores;
        QVERIFY(ref.lfe && refDefault.lfe && *ref.lfe != *refDefault.lfe);
        QCOMPARE(*shown->result->scores.lfe, *ref.lfe);
        QCOMPARE(*shown->result->scores.sie, *ref.sie);
        QCOMPARE(*before->result->scores.lfe, *refDefault.lfe);
        QCOMPARE(int(shown->result->scores.bands.size()), 2);

        // Same parameters again: nothing to do. Back to the defaults: from the cache, at once.
        session.setParams(p);
        QCOMPARE(changed.count(), 1);
        shown.reset();
        session.setParams(MetricParams{});
        QVERIFY(shown == before);
    }
};

QTEST_MAIN(TestMetricParams)
#include "test_metric_params.moc"
