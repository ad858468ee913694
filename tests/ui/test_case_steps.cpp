// A case reaches the screen in two steps: its images as soon as they are decoded (the map panes say
// the metrics are being computed, with a progress bar), then the metrics and the maps. The two steps
// share the decoded pixels (no copy), the image panes show the loaded images themselves, the
// progress reports advance to the end, and the complete case's scores equal the core's evaluate()
// on the same files. With LIGHTLENS_SCREENSHOT_DIR set it also saves case-computing.png there.
#include "MainWindow.h"
#include "app/DatasetSession.h"
#include "dataset/Dataset.h"
#include "inspect/CaseCompute.h"
#include "inspect/CaseRequest.h"
#include "metrics/LoadCase.h"
#include "metrics/ScoresJson.h"
#include "panels/PixelInspector.h"
#include "style/DarkTheme.h"
#include "support/SmallSynthDataset.h"
#include "view/CaseOverlays.h"
#include "view/PaneGrid.h"

#include <QtTest>

#include <cstring>

#include <oneapi/tbb/info.h>

#include <QPainter>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace ll;
using namespace ll::ui;

namespace {

QString inspectorValue(PixelInspector& p, const QString& key) {
    auto* tree = p.findChild<QTreeWidget*>();
    for (int i = 0; tree && i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0) == key) return tree->topLevelItem(i)->text(1);
    return {};
}

} // namespace

class TestCaseSteps : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString dataset_;
    const CaseId id_{"scene_000", "flat_falloff", Task::On};

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        dataset_ = test::writeSmallSynthDataset(dir_.path(), 1, 240, 160);
    }

    void cancellingStopsTheEvaluationAtTheNextStage() {
        // The token cancelled while the evaluation reports its third stage: the job stops before the
        // fourth (no stage after it is reported) and delivers nothing.
        const Dataset ds = scanDataset(dataset_.toStdString());
        const CaseRequest r = makeCaseRequest(ds, id_);
        const CancelToken token;
        const CasePtr images = loadCaseImages(r, token);
        QStringList seen;
        bool cancelled = false;
        try {
            evaluateCaseImages(*images, r.params, token, [&](int, int, const QString& text) {
                seen << text;
                if (text.startsWith(QStringLiteral("evaluating: SIE and gradients"))) token.cancel();
            });
        } catch (const JobCancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QCOMPARE(seen.size(), 3);
        QVERIFY2(seen.back().startsWith(QStringLiteral("evaluating: SIE and gradients")), qPrintable(seen.join("; ")));
    }

    // The baseline and the background scoring evaluate against the real pair of a cached case of the
    // scene instead of loading it again: the same scores as loading everything, for both tasks and
    // another model; a pair of another size is not used; and the pair is really the one evaluated
    // (a brightened copy changes the scores).
    void backgroundJobsShareTheCachedPair() {
        const Dataset ds = scanDataset(dataset_.toStdString());
        const CancelToken token;
        const CasePtr images = loadCaseImages(makeCaseRequest(ds, id_), token);
        const SharedPair pair{images->loadedCase, images->regions};
        QVERIFY(pair.images && pair.images->width == 240);
        QVERIFY(pair.regions && !pair.regions->empty());
        auto json = [](const EvalScores& s) { return QString::fromStdString(toJson(s).dump()); };
        for (const CaseId& id : {id_, CaseId{"scene_000", "flat_falloff", Task::Off}, CaseId{"scene_000", "do_nothing", Task::Off}}) {
            const CaseRequest r = makeCaseRequest(ds, id);
            const EvalScores alone = scoreCase(r, token);
            QVERIFY(alone.sie.has_value() || alone.editFailure);
            QCOMPARE(json(scoreCase(r, token, pair)), json(alone));
            QCOMPARE(json(computeBaseline(r, token, pair).scores), json(computeBaseline(r, token).scores));
        }
        const CaseRequest r = makeCaseRequest(ds, id_);
        LoadedCase brighter = *pair.images;
        for (std::size_t i = 0; i < brighter.on.floatCount(); ++i) brighter.on.data()[i] *= 1.5f;
        QVERIFY(json(scoreCase(r, token, {std::make_shared<const LoadedCase>(std::move(brighter)), pair.regions})) !=
                json(scoreCase(r, token)));
        LoadedCase smaller = *pair.images;
        smaller.width = 120;
        QCOMPARE(json(scoreCase(r, token, {std::make_shared<const LoadedCase>(std::move(smaller)), pair.regions})),
                 json(scoreCase(r, token)));
        // The shared region masks are the ones scored (none: no region scores), and without them the
        // labels file is read (the same scores as loading everything).
        const EvalScores noRegions = scoreCase(r, token, {pair.images, std::make_shared<const RegionMasks>()});
        QVERIFY(noRegions.regions.empty());
        QVERIFY(!scoreCase(r, token).regions.empty());
        QCOMPARE(json(scoreCase(r, token, {pair.images, nullptr})), json(scoreCase(r, token)));
    }

    void sessionDeliversImagesThenMaps() {
        JobRunner runner;
        DatasetSession session(&runner);
        session.open(dataset_.toStdString());
        std::vector<CasePtr> delivered;
        std::vector<std::pair<int, int>> progress;
        QStringList texts;
        connect(&session, &DatasetSession::caseReady, this, [&](CasePtr c) { delivered.push_back(c); });
        connect(&session, &DatasetSession::caseProgress, this,
                [&](const CaseId& id, int done, int total, const QString& text) {
                    QVERIFY(id == id_);
                    progress.emplace_back(done, total);
                    texts << text;
                });
        session.request(id_);
        QTRY_VERIFY_WITH_TIMEOUT(!delivered.empty() && !delivered.back()->evaluating, 60000);
        QCOMPARE(int(delivered.size()), 2);

        const CasePtr images = delivered[0], full = delivered[1];
        QVERIFY(images->evaluating && !images->result);
        QVERIFY(images->hasEdit);
        for (PaneContent p : {PaneContent::Input, PaneContent::Target, PaneContent::Edit}) QVERIFY(images->source(p));
        for (PaneContent p : {PaneContent::SieMap, PaneContent::LfeMap, PaneContent::RatioReal, PaneContent::Validity,
                              PaneContent::Bands})
            QVERIFY(!images->source(p));

        // The second step shares the decoded pixels and the image sources, and adds every map.
        QVERIFY(full->result && full->maps());
        QCOMPARE(full->loadedCase.get(), images->loadedCase.get());
        QCOMPARE(full->source(PaneContent::Input).get(), images->source(PaneContent::Input).get());
        for (int p = 0; p < kPaneContentCount; ++p) QVERIFY2(full->source(PaneContent(p)), qPrintable(QString::number(p)));
        QVERIFY(full->overlays && !full->overlays->outsideOmega.isNull());
        // The overlays take a byte per pixel, and paint as the canvas draws them: the tint on every
        // pixel outside Omega, nothing inside it.
        {
            const QImage& tint = full->overlays->outsideOmega;
            QCOMPARE(tint.format(), QImage::Format_Indexed8);
            QCOMPARE(full->overlays->bandContours.format(), QImage::Format_Indexed8);
            const Mask& omega = full->maps()->masks.omega;
            QImage canvas(tint.size(), QImage::Format_RGB32);
            canvas.fill(Qt::black);
            QPainter p(&canvas);
            p.drawImage(QRectF(QPointF(0, 0), QSizeF(tint.size())), tint, QRectF(tint.rect()));
            p.end();
            std::size_t inside = 0, outside = 0;
            for (int y = 0; y < tint.height(); ++y)
                for (int x = 0; x < tint.width(); ++x) {
                    const QRgb want = omega(x, y) ? qRgb(0, 0, 0) : outsideOmegaColour().rgb();
                    QCOMPARE(canvas.pixel(x, y), want);
                    (omega(x, y) ? inside : outside) += 1;
                }
            QVERIFY(inside > 1000 && outside > 100);
        }
        // The image panes show the loaded images themselves at full resolution.
        QCOMPARE(full->source(PaneContent::Target)->level(0).values, full->target().data());

        // Progress: the evaluation's five stages with the default parameters (validity mask, PSNR and
        // SSIM, SIE and gradients, LFE, regions and bands), then each of the nine map views, in order,
        // ending at the total 5 + 9 = 14.
        QVERIFY(progress.size() >= 6);
        for (std::size_t i = 0; i < progress.size(); ++i) {
            QCOMPARE(progress[i].second, 14);
            if (i) QVERIFY(progress[i].first >= progress[i - 1].first);
        }
        QCOMPARE(progress.front().first, 0);
        QCOMPARE(progress.back().first, 14);
        QCOMPARE(texts.value(0), QStringLiteral("evaluating: validity mask (step 1 of 5)"));
        QCOMPARE(texts.value(3), QStringLiteral("evaluating: LFE (step 4 of 5)"));
        QCOMPARE(texts.value(4), QStringLiteral("evaluating: regions and bands (step 5 of 5)"));
        // The report that ends the evaluation (the open benchmark's "metrics computed") is the sixth,
        // the first of the map views, and no other.
        for (std::size_t i = 0; i < progress.size(); ++i)
            QCOMPARE(evaluationFinished(progress[i].first, progress[i].second), i == 5);
        QCOMPARE(texts.value(5), QStringLiteral("building the map views (0 of 9 done)"));

        // The scores equal the core's evaluation of the same files.
        const std::string root = dataset_.toStdString();
        CaseFiles files{root + "/scenes/scene_000/on.exr", root + "/scenes/scene_000/off.exr",
                        root + "/edits/flat_falloff/turn_on/scene_000.png", root + "/scenes/scene_000/labels.json"};
        CaseOptions opt;
        opt.k = full->loaded().k;
        const LoadedCase lc = loadCase(files, opt, ColourConfig::builtin());
        const EvalScores ref = evaluate(lc.inputs(Task::On), MetricParams{}, false).scores;
        QVERIFY(ref.sie && ref.lfe && full->result->scores.sie);
        // The app holds the 8-bit edit as its codes (no float image) and scores the same bits.
        QVERIFY(full->loaded().edit.empty() && full->loaded().editCodes.has_value());
        QVERIFY(!lc.edit.empty());
        // Its pane reads the codes row by row (no stored level 0): the values of the decoded image.
        const MipLevel& edit0 = full->source(PaneContent::Edit)->level(0);
        QVERIFY(edit0.computed());
        std::vector<float> row(3 * std::size_t(lc.edit.width()));
        for (const int y : {0, lc.edit.height() / 2, lc.edit.height() - 1}) {
            edit0.read(y, 0, lc.edit.width(), 3, row.data());
            QVERIFY(std::memcmp(row.data(), lc.edit.pixel(0, y), row.size() * sizeof(float)) == 0);
        }
        QCOMPARE(QString::fromStdString(toJson(full->result->scores).dump()), QString::fromStdString(toJson(ref).dump()));
        QCOMPARE(*full->result->scores.sie, *ref.sie);
        QCOMPARE(*full->result->scores.lfe, *ref.lfe);
        QCOMPARE(full->result->scores.regions.size(), ref.regions.size());
        QVERIFY(!ref.regions.empty());

        // Asked again: the complete case comes from the cache, in one step.
        delivered.clear();
        session.request(id_);
        QCOMPARE(int(delivered.size()), 1);
        QVERIFY(!delivered[0]->evaluating);
    }

    void backgroundScoringWaitsForTheCaseOnScreen() {
        JobRunner runner;
        DatasetSession session(&runner);
        const int slots = std::max(1, tbb::info::default_concurrency());
        int mostScoring = 0;
        // Jobs whose result has not been delivered yet (the runner lists a job until it has handed
        // over its result, so a job just delivered may still be listed when its successor starts).
        int mostBackground = 0; // scoring jobs and baselines at once
        connect(&runner, &JobRunner::activityChanged, this, [&] {
            mostScoring = std::max(mostScoring, session.scoringJobsRunning());
            mostBackground = std::max(mostBackground, session.scoringJobsRunning() + session.baselineJobsRunning());
        });
        int scored = 0;
        connect(&session, &DatasetSession::scoreReady, this, [&] { ++scored; });
        connect(&session, &DatasetSession::scoreFailed, this, [&] { ++scored; });
        // More edits than scoring slots, so some wait in the queue while the case is computed.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const int scenes = slots + 1;
        const QString dataset = test::writeSmallSynthDataset(dir.path(), scenes, 120, 80);
        session.open(dataset.toStdString());
        int usable = 0;
        for (const EditEntry& e : session.dataset().edits) usable += e.usable();
        QCOMPARE(usable, 4 * scenes); // two models and two tasks per scene
        QVERIFY(usable > slots);
        // Scoring starts from the event loop, after a case asked for at once.
        QCOMPARE(session.scoringJobsStarted(), 0LL);

        session.request(id_);
        const long long atRequest = session.scoringJobsStarted();
        std::vector<long long> startedWhileComputing;
        bool complete = false;
        connect(&session, &DatasetSession::caseProgress, this,
                [&] { startedWhileComputing.push_back(session.scoringJobsStarted()); });
        connect(&session, &DatasetSession::caseReady, this, [&](CasePtr c) {
            if (c->evaluating) startedWhileComputing.push_back(session.scoringJobsStarted());
            else complete = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(complete, 60000);
        QVERIFY(!startedWhileComputing.empty());
        for (long long n : startedWhileComputing) QCOMPARE(n, atRequest);

        // Then the rest of the dataset is scored, never more than `slots` jobs at a time; the case on
        // screen is not scored again (its evaluation gave the browser its scores).
        QTRY_VERIFY_WITH_TIMEOUT(session.scoringJobsQueued() == 0 && session.scoringJobsRunning() == 0, 60000);
        QCOMPARE(session.scoringJobsStarted(), (long long)usable - 1);
        QCOMPARE(scored, usable); // every edit once
        QVERIFY(mostScoring >= 1 && mostScoring <= slots);
        QVERIFY(mostBackground > mostScoring || mostBackground == slots); // the baseline was counted
        QVERIFY(mostBackground <= slots); // a baseline takes one of the slots
    }

    void scoringJobsAtOnceFitTheMemoryBudget() {
        // 1 GiB at about 110 bytes per pixel, at least one job, at most one per core.
        const int cores = std::max(1, tbb::info::default_concurrency());
        QCOMPARE(DatasetSession::scoringSlotsFor(6000LL * 4000), 1);              // 2.64 GB a job
        QCOMPARE(DatasetSession::scoringSlotsFor(2000LL * 2000), std::min(2, cores)); // 440 MB: 2.44
        QCOMPARE(DatasetSession::scoringSlotsFor(1248LL * 832), std::min(9, cores)); // 114 MB: 9.4
        QCOMPARE(DatasetSession::scoringSlotsFor(0), cores);
    }

    void panesShowImagesAndProgressWhileEvaluating() {
        if (!qgetenv("LIGHTLENS_SCREENSHOT_DIR").isEmpty()) applyDarkTheme(*qApp);
        MainWindow w;
        w.resize(1200, 800);
        w.show();
        QVERIFY(w.openDataset(dataset_));
        QTRY_VERIFY_WITH_TIMEOUT(w.currentCase() != nullptr, 60000);
        const CasePtr full = w.currentCase();

        // The same case with its images only, as the first step delivers it.
        auto images = std::make_shared<CaseData>(*full);
        images->evaluating = true;
        images->result.reset();
        for (int p = 0; p < kPaneContentCount; ++p)
            if (PaneContent(p) != PaneContent::Input && PaneContent(p) != PaneContent::Target &&
                PaneContent(p) != PaneContent::Edit)
                images->sources[std::size_t(p)].reset();
        Q_EMIT w.session()->caseReady(images);
        QVERIFY(w.currentCase() == nullptr);
        QCOMPARE(w.shownCase().get(), images.get());

        PaneGrid* grid = w.grid();
        int imagePanes = 0, waitingPanes = 0;
        for (int i = 0; i < grid->visiblePanes(); ++i) {
            ImageCanvas* canvas = grid->pane(i)->canvas();
            const PaneContent c = grid->pane(i)->content();
            if (c == PaneContent::Input || c == PaneContent::Target || c == PaneContent::Edit) {
                QVERIFY(canvas->source());
                ++imagePanes;
            } else {
                QVERIFY(!canvas->source());
                QVERIFY2(canvas->placeholder().startsWith("Computing the metrics"), qPrintable(canvas->placeholder()));
                QCOMPARE(canvas->placeholderProgress(), 0.0);
                ++waitingPanes;
            }
        }
        QVERIFY(imagePanes > 0 && waitingPanes > 0);

        // Progress reaches the waiting panes: 3 of 10 steps done.
        Q_EMIT w.session()->caseProgress(images->id, 3, 10, "building the map views (2 of 9 done)");
        for (int i = 0; i < grid->visiblePanes(); ++i) {
            ImageCanvas* canvas = grid->pane(i)->canvas();
            if (canvas->source()) continue;
            QCOMPARE(canvas->placeholderProgress(), 0.3);
            QVERIFY(canvas->placeholder().contains("2 of 9 done"));
        }
        if (const QByteArray shots = qgetenv("LIGHTLENS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            w.resize(1500, 900);
            QTest::qWait(300);
            QVERIFY(w.grab().save(QString::fromLocal8Bit(shots) + "/case-computing.png"));
        }
        // A report for another case changes nothing.
        CaseId other = images->id;
        other.model = "oracle";
        Q_EMIT w.session()->caseProgress(other, 9, 10, "elsewhere");
        for (int i = 0; i < grid->visiblePanes(); ++i)
            if (!grid->pane(i)->canvas()->source()) QCOMPARE(grid->pane(i)->canvas()->placeholderProgress(), 0.3);

        // The pixel inspector reads the images and says the metrics are on their way.
        PixelInspector* inspector = w.findChild<PixelInspector*>();
        QVERIFY(inspector);
        inspector->setPixel(QPoint(10, 10));
        QVERIFY(!inspectorValue(*inspector, "I_on").isEmpty());
        QCOMPARE(inspectorValue(*inspector, "Metrics"), QString("computing…"));
        QVERIFY(inspectorValue(*inspector, "E_R").isEmpty());

        // The complete case replaces the placeholders with the maps.
        Q_EMIT w.session()->caseReady(full);
        QCOMPARE(w.currentCase().get(), full.get());
        for (int i = 0; i < grid->visiblePanes(); ++i) QVERIFY(grid->pane(i)->canvas()->source());
        inspector->setPixel(QPoint(10, 10));
        QVERIFY(!inspectorValue(*inspector, "E_R").isEmpty());
        QVERIFY(inspectorValue(*inspector, "Metrics").isEmpty());
    }
};

QTEST_MAIN(TestCaseSteps)
#include "test_case_steps.moc"
