// The A/B study window driven by key presses: the exact results CSV, hidden and randomised sides,
// attention checks in the shown orientation, resuming after the window is destroyed without any
// save call, and a torn last line from an interrupted write.
#include "stats/Judgements.h"
#include "study/StudyLauncher.h"
#include "study/StudyPlan.h"
#include "study/StudyResults.h"
#include "study/StudyWindow.h"
#include "support/TestSupport.h"
#include "util/Error.h"

#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QPointer>
#include <QSignalSpy>
#include <QtTest>

using namespace ll;
namespace fs = std::filesystem;

class TestStudy : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path dir() const { return fs::path(tmp_.path().toStdString()); }
    QString path(const std::string& name) const { return QString::fromStdString((dir() / name).string()); }

    // The CSV line the window must write for the pair on screen, given the key pressed.
    static QString expectedLine(const ui::StudyPlan& plan, const QString& rater, std::size_t shownIndex,
                                const QString& choice, const QString& tags, qint64 ms) {
        const auto order = ui::presentationOrder(plan, rater);
        const auto& shown = order[shownIndex];
        const auto& p = plan.pairs[shown.pair];
        const QString left = shown.swapped ? p.modelB : p.modelA, right = shown.swapped ? p.modelA : p.modelB;
        QString expected = p.expected;
        if (shown.swapped && (expected == "A" || expected == "B")) expected = expected == "A" ? "B" : "A";
        return QStringList{rater, p.scene, p.task, left, right, choice, tags, expected, p.id, QString::number(ms)}.join(',');
    }

private Q_SLOTS:
    void initTestCase() {
        QImage img(32, 24, QImage::Format_RGB32);
        for (const char* name : {"in.png", "m1.png", "m2.png", "m3.png"}) {
            img.fill(QColor(name[1] * 2, 80, 120));
            QVERIFY(img.save(path(name)));
        }
        // Five pairs, one of them an attention check (m1 is the known better edit).
        std::string csv = "id,scene,task,input,model_a,edit_a,model_b,edit_b,expected\n";
        csv += "p1,s1,on,in.png,m1,m1.png,m2,m2.png,\n";
        csv += "p2,s1,on,in.png,m1,m1.png,m3,m3.png,\n";
        csv += "p3,s2,off,in.png,m2,m2.png,m3,m3.png,\n";
        csv += "p4,s2,off,in.png,m3,m3.png,m1,m1.png,\n";
        csv += "check1,s3,on,in.png,m1,m1.png,m2,m2.png,A\n";
        test::writeBytes(dir() / "study.csv", csv);
        const char* json = R"({"name": "pilot", "seed": 5, "pairs": [
            {"id": "p1", "scene": "s1", "task": "on", "input": "in.png",
             "a": {"model": "m1", "path": "m1.png"}, "b": {"model": "m2", "path": "m2.png"}},
            {"id": "c", "scene": "s1", "task": "on", "input": "in.png",
             "a": {"model": "m1", "path": "m1.png"}, "b": {"model": "m2", "path": "m2.png"}, "expected": "B"}]})";
        test::writeBytes(dir() / "study.json", json);
    }

    void loadsPlans() {
        const ui::StudyPlan csv = ui::loadStudyPlan(path("study.csv"));
        QCOMPARE(csv.pairs.size(), std::size_t(5));
        QCOMPARE(csv.pairs[4].expected, QString("A"));
        QCOMPARE(csv.pairs[0].editA, path("m1.png"));
        const ui::StudyPlan json = ui::loadStudyPlan(path("study.json"));
        QCOMPARE(json.name, QString("pilot"));
        QCOMPARE(json.seed, std::uint64_t(5));
        QCOMPARE(json.pairs[1].expected, QString("B"));
        test::writeBytes(dir() / "bad.json", "{\"pairs\": [{\"id\": \"x\"}]}");
        QString err;
        try {
            ui::loadStudyPlan(path("bad.json"));
        } catch (const Error& e) {
            err = QString::fromStdString(e.what());
        }
        QCOMPARE(err, path("bad.json") + ": pair 0: missing \"scene\"");
    }

    void sidesAreRandomisedPerRaterAndStable() {
        const ui::StudyPlan plan = ui::loadStudyPlan(path("study.csv"));
        const auto a1 = ui::presentationOrder(plan, "alice"), a2 = ui::presentationOrder(plan, "alice");
        for (std::size_t i = 0; i < a1.size(); ++i) {
            QCOMPARE(a1[i].pair, a2[i].pair);
            QCOMPARE(a1[i].swapped, a2[i].swapped);
        }
        // Over many raters both sides occur for each pair.
        std::vector<int> swaps(plan.pairs.size(), 0);
        for (int r = 0; r < 40; ++r)
            for (const auto& p : ui::presentationOrder(plan, "rater" + QString::number(r))) swaps[p.pair] += p.swapped;
        for (int s : swaps) QVERIFY(s > 5 && s < 35);
    }

    // The pair's images are loaded on a worker: the window shows them once loaded; answering before
    // a load is done cancels it, and a cancelled load is never shown.
    void imagesLoadInTheBackgroundAndCancel() {
        {
            ui::StudyWindow w(path("study.csv"), path("results_load.csv"), "carol");
            QSignalSpy shown(&w, &ui::StudyWindow::imagesShown);
            QVERIFY(w.loadingImages());
            QVERIFY(shown.wait(10000));
            QCOMPARE(shown.at(0).at(0).toLongLong(), static_cast<qlonglong>(w.currentPair()));
            QVERIFY(!w.loadingImages());
            QCOMPARE(w.imagesLoaded(), 1);
            // Answer every pair without letting the event loop run: each answer cancels the load of
            // the pair before; none of them is shown.
            while (!w.finished()) w.answerA();
            QVERIFY(!w.loadingImages());
            QTest::qWait(500);
            QCOMPARE(shown.count(), 1);
            QCOMPARE(w.imagesLoaded(), 1);
        }
        QFile::remove(path("results_load.csv"));
    }

    void keyDrivenSessionWritesExactCsv() {
        const QString results = path("results_keys.csv");
        const ui::StudyPlan plan = ui::loadStudyPlan(path("study.csv"));
        qint64 clock = 1000;
        QStringList lines{ui::StudyResults::columns().join(',')};
        {
            ui::StudyWindow w(path("study.csv"), results, "alice");
            w.setClock([&] { return clock; });
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QCOMPARE(w.pairCount(), std::size_t(5));
            QSignalSpy saved(&w, &ui::StudyWindow::answerSaved);
            // pair 1: A; pair 2: tie with two tags; pair 3: B (arrow key); pair 4: A (key 1); check: B
            const std::vector<std::pair<Qt::Key, QString>> keys{
                {Qt::Key_A, "A"}, {Qt::Key_T, "tie"}, {Qt::Key_Right, "B"}, {Qt::Key_1, "A"}, {Qt::Key_B, "B"}};
            for (std::size_t i = 0; i < keys.size(); ++i) {
                QString tags;
                if (i == 1) {
                    const auto boxes = w.findChildren<QCheckBox*>();
                    for (auto* b : boxes)
                        if (b->text() == "too bright" || b->text() == "missing shadow") b->setChecked(true);
                    tags = "missing shadow;too bright";
                }
                lines << expectedLine(plan, "alice", i, keys[i].second, tags, clock);
                QTest::keyClick(&w, keys[i].first);
                clock += 250;
            }
            QCOMPARE(saved.count(), 5);
            QVERIFY(w.finished());
        }
        QCOMPARE(QString::fromStdString(test::readBytes(results.toStdString())), lines.join('\n') + '\n');
        // The results load as A/B judgements: four scored, one attention check.
        const auto ab = stats::loadABJudgements(results.toStdString());
        QVERIFY(ab.problems.empty());
        QCOMPARE(ab.judgements.size(), std::size_t(5));
        int checks = 0;
        for (const auto& j : ab.judgements) checks += j.expected.has_value();
        QCOMPARE(checks, 1);
    }

    void destroyedMidStudyResumesAtFirstUnanswered() {
        const QString results = path("results_resume.csv");
        const ui::StudyPlan plan = ui::loadStudyPlan(path("study.csv"));
        const auto order = ui::presentationOrder(plan, "bob");
        {
            auto* w = new ui::StudyWindow(path("study.csv"), results, "bob");
            w->setClock([] { return qint64(7); });
            QTest::keyClick(w, Qt::Key_A);
            QTest::keyClick(w, Qt::Key_B);
            QCOMPARE(w->currentPair(), long(order[2].pair));
            delete w; // no save or close call: every answer is already on disk
        }
        {
            ui::StudyWindow w(path("study.csv"), results, "bob");
            QCOMPARE(w.answeredCount(), std::size_t(2));
            QCOMPARE(w.currentPair(), long(order[2].pair));
            // Another rater on the same file starts at their own beginning.
            ui::StudyWindow other(path("study.csv"), results, "carol");
            QCOMPARE(other.answeredCount(), std::size_t(0));
            QCOMPARE(other.currentPair(), long(ui::presentationOrder(plan, "carol")[0].pair));
        }
        // An interrupted write leaves a torn line: it is dropped, the answer before it is kept.
        const std::string before = test::readBytes(results.toStdString());
        test::writeBytes(results.toStdString(), before + "bob,s2,off,m3,m1,A,,,p4,1");
        {
            ui::StudyWindow w(path("study.csv"), results, "bob");
            w.setClock([] { return qint64(9); });
            QCOMPARE(w.answeredCount(), std::size_t(2));
            QCOMPARE(QString::fromStdString(test::readBytes(results.toStdString())), QString::fromStdString(before));
            QTest::keyClick(&w, Qt::Key_T);
            QCOMPARE(w.answeredCount(), std::size_t(3));
        }
        const std::string after = test::readBytes(results.toStdString());
        QCOMPARE(QString::fromStdString(after),
                 QString::fromStdString(before) + expectedLine(plan, "bob", 2, "tie", "", 9) + "\n");
    }

    void launcherOpensTheWindowOrGivesOneLine() {
        // What Tools > Run A/B study... and `lightlens --study` call once the files are known.
        QString error;
        QVERIFY(!ui::openStudyWindow(path("missing.json"), path("launch.csv"), "ann", &error));
        QVERIFY2(error.contains("missing.json") && !error.contains('\n'), qPrintable(error));
        error.clear();
        QVERIFY(!ui::openStudyWindow(path("study.csv"), path("launch.csv"), "  ", &error));
        QVERIFY(!error.isEmpty());
        QPointer<ui::StudyWindow> w = ui::openStudyWindow(path("study.csv"), path("launch.csv"), "ann", &error);
        QVERIFY(w);
        QVERIFY(w->isVisible());
        QCOMPARE(w->pairCount(), std::size_t(5));
        QVERIFY(w->testAttribute(Qt::WA_DeleteOnClose));
        w->close();
        QTRY_VERIFY(w.isNull());
    }

    void unusableFilesAreClearErrors() {
        test::writeBytes(dir() / "not_results.csv", "a,b\n1,2\n");
        QString err;
        try {
            ui::StudyWindow w(path("study.csv"), path("not_results.csv"), "dan");
        } catch (const Error& e) {
            err = QString::fromStdString(e.what());
        }
        QCOMPARE(err, path("not_results.csv") + ": not a study results file (no 'rater' column)");
        err.clear();
        try {
            ui::StudyWindow w(path("missing.json"), path("r.csv"), "dan");
        } catch (const Error& e) {
            err = QString::fromStdString(e.what());
        }
        QVERIFY(err.startsWith(path("missing.json")));
    }
};

QTEST_MAIN(TestStudy)
#include "test_study.moc"
