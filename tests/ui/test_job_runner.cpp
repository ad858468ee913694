// The job layer: results arrive on the GUI thread, cancelled jobs deliver nothing, errors arrive
// as messages, and a slow job does not stall the event loop.
//
// Responsiveness check: a job computes until a 10 ms QTimer on the GUI thread has ticked 20 times
// during its run, so it finishes only if the event loop runs beside it. Latency figures belong to the
// benchmarks (docs/performance.md), not to this suite: a loaded machine must not fail it.
#include "jobs/JobRunner.h"
#include "util/Error.h"

#include <QtTest>

#include <stdexcept>
#include <vector>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

using namespace ll::ui;

class TestJobRunner : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deliversOnTheGuiThread() {
        JobRunner runner;
        QThread* gui = QThread::currentThread();
        QThread* workerThread = nullptr;
        QThread* deliveredOn = nullptr;
        int result = 0;
        runner.run<int>(
            "sum", JobPriority::Interactive, CancelToken(),
            [&](const CancelToken&) {
                workerThread = QThread::currentThread();
                return 42;
            },
            this, [&](int r) {
                result = r;
                deliveredOn = QThread::currentThread();
            });
        QTRY_COMPARE_WITH_TIMEOUT(result, 42, 10000);
        QCOMPARE(deliveredOn, gui);
        QVERIFY(workerThread != gui);
        QTRY_COMPARE(runner.activeJobs(), 0);
    }

    void cancelledJobsDeliverNothing() {
        JobRunner runner;
        CancelToken token;
        std::atomic<bool> started{false};
        bool delivered = false;
        runner.run<int>(
            "stale", JobPriority::Interactive, token,
            [&](const CancelToken& t) {
                started = true;
                for (int i = 0; i < 200 && !t.cancelled(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
                throwIfCancelled(t);
                return 1;
            },
            this, [&](int) { delivered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
        token.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 10000);
        QTest::qWait(50);
        QVERIFY(!delivered);
    }

    void errorsArriveAsMessages() {
        JobRunner runner;
        QString error;
        runner.run<int>(
            "bad", JobPriority::Background, CancelToken(),
            [](const CancelToken&) -> int { throw ll::Error("scene_001/on.exr", "truncated file"); }, this,
            [](int) {}, [&](QString e) { error = e; });
        QTRY_COMPARE_WITH_TIMEOUT(error, QString("scene_001/on.exr: truncated file"), 10000);
    }

    void destroyedContextReceivesNothing() {
        // The object a result is for goes away while its job runs: the job finishes, nothing is
        // delivered, nothing touches the deleted object (the ASan and TSan tiers run this too).
        JobRunner runner;
        std::atomic<bool> started{false}, release{false};
        bool delivered = false, errored = false;
        auto* context = new QObject;
        runner.run<int>(
            "orphan", JobPriority::Interactive, CancelToken(),
            [&](const CancelToken&) {
                started = true;
                while (!release) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                return 7;
            },
            context, [&](int) { delivered = true; }, [&](QString) { errored = true; });
        QTRY_VERIFY_WITH_TIMEOUT(started.load(), 60000);
        delete context;
        release = true;
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 60000);
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
        QVERIFY(!errored);
    }

    void progressArrivesOnTheGuiThreadWhileTheContextLives() {
        // A job reports progress from its worker: each report reaches the GUI thread in order while
        // the context exists and the token stands; after the context is deleted, or the token is
        // cancelled, reports are dropped without touching anything.
        JobRunner runner;
        QThread* gui = QThread::currentThread();
        std::vector<std::pair<int, int>> seen;
        bool offThread = false;
        auto* context = new QObject;
        const CancelToken token;
        const JobRunner::Progress post = runner.progressPoster(token, context, [&](int done, int total, QString text) {
            offThread = offThread || QThread::currentThread() != gui;
            QCOMPARE(text, QStringLiteral("step %1").arg(done));
            seen.emplace_back(done, total);
        });
        std::atomic<int> phase{0};
        runner.run<int>(
            "reporting", JobPriority::Interactive, token,
            [&](const CancelToken&) {
                for (int i = 1; i <= 3; ++i) post(i, 3, QStringLiteral("step %1").arg(i));
                phase = 1;
                while (phase.load() != 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                post(4, 3, QStringLiteral("step 4")); // the context is gone by now
                return 0;
            },
            context, [](int) {});
        QTRY_VERIFY_WITH_TIMEOUT(phase.load() == 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(int(seen.size()), 3, 60000);
        QCOMPARE(seen, (std::vector<std::pair<int, int>>{{1, 3}, {2, 3}, {3, 3}}));
        QVERIFY(!offThread);
        delete context;
        phase = 2;
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 60000);
        QCoreApplication::processEvents();
        QCOMPARE(int(seen.size()), 3);

        // A cancelled token drops reports too.
        QObject alive;
        const CancelToken cancelled;
        int reports = 0;
        const JobRunner::Progress late = runner.progressPoster(cancelled, &alive, [&](int, int, QString) { ++reports; });
        late(1, 2, {});
        QCoreApplication::processEvents();
        QCOMPARE(reports, 1);
        cancelled.cancel();
        late(2, 2, {});
        QCoreApplication::processEvents();
        QCOMPARE(reports, 1);
    }

    void windowsClosedAtAnyMomentOfTheirJobs() {
        // Many contexts deleted while their jobs start, run, finish or post their results: no result
        // reaches a deleted context, every live one gets its own. The worker never reads the context
        // (the ThreadSanitizer tier reports a race otherwise).
        JobRunner runner(nullptr, 2);
        constexpr int n = 300;
        std::vector<QObject*> contexts(n);
        std::vector<int> delivered(n, 0);
        std::atomic<int> ran{0};
        for (int i = 0; i < n; ++i) {
            contexts[std::size_t(i)] = new QObject;
            runner.run<int>(
                QString("job %1").arg(i), i % 2 ? JobPriority::Interactive : JobPriority::Background, CancelToken(),
                [i, &ran](const CancelToken&) {
                    ++ran;
                    if (i % 3 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
                    if (i % 7 == 0) throw std::runtime_error("fails");
                    return i;
                },
                contexts[std::size_t(i)], [i, &delivered](int v) { delivered[std::size_t(i)] += v == i ? 1 : 100; },
                [i, &delivered](QString) { delivered[std::size_t(i)] += 1; });
            // Delete every other context at once, while its job is queued or running.
            if (i % 2 == 0) {
                delete contexts[std::size_t(i)];
                contexts[std::size_t(i)] = nullptr;
            }
        }
        // Delete some more while results are being posted.
        for (int i = 1; i < n; i += 4) {
            QCoreApplication::processEvents();
            delete contexts[std::size_t(i)];
            contexts[std::size_t(i)] = nullptr;
        }
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 120000);
        QCoreApplication::processEvents();
        QCOMPARE(ran.load(), n);
        for (int i = 0; i < n; ++i) {
            if (!contexts[std::size_t(i)]) {
                QVERIFY2(delivered[std::size_t(i)] <= 1, qPrintable(QString::number(i))); // delivered before its deletion at most
                if (i % 2 == 0) QCOMPARE(delivered[std::size_t(i)], 0); // deleted before anything could arrive
            } else {
                QCOMPARE(delivered[std::size_t(i)], 1);
            }
        }
        for (QObject* c : contexts) delete c;
    }

    void runnerDestroyedWhileAJobRuns() {
        // The destructor cancels the running job and waits for it to leave; its result is dropped.
        std::atomic<bool> started{false}, sawCancel{false};
        bool delivered = false;
        {
            JobRunner runner;
            runner.run<int>(
                "long", JobPriority::Background, CancelToken(),
                [&](const CancelToken& t) {
                    started = true;
                    while (!t.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                    sawCancel = true;
                    throwIfCancelled(t);
                    return 1;
                },
                this, [&](int) { delivered = true; });
            QTRY_VERIFY_WITH_TIMEOUT(started.load(), 60000);
        }
        QVERIFY(sawCancel.load());
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }

    void slowJobDoesNotBlockTheEventLoop() {
        // The job computes until the GUI thread's timer has ticked 20 times while it runs: it can only
        // finish on its own if the event loop keeps running beside it. A job run on the GUI thread (or
        // one that blocks it) sees no tick and gives up after 60 s. No wall-clock bound is asserted.
        JobRunner runner;
        std::atomic<int> ticks{0};
        std::atomic<bool> running{false};
        struct Outcome {
            int ticksSeen = 0;
            bool onGuiThread = false;
        };
        std::optional<Outcome> outcome;
        QThread* gui = QThread::currentThread();
        runner.run<Outcome>(
            "slow", JobPriority::Interactive, CancelToken(),
            [&](const CancelToken& t) {
                running = true;
                const int before = ticks.load();
                double acc = 0;
                const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(60);
                while (ticks.load() - before < 20 && std::chrono::steady_clock::now() < giveUp) {
                    for (int i = 1; i < 20000; ++i) acc += std::sqrt(double(i)); // real computation
                    throwIfCancelled(t);
                }
                running = false;
                return Outcome{ticks.load() - before + int(acc < 0), QThread::currentThread() == gui};
            },
            this, [&](Outcome o) { outcome = o; });
        QTimer timer;
        timer.setInterval(10);
        connect(&timer, &QTimer::timeout, this, [&] {
            if (running) ++ticks;
        });
        timer.start();
        QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 120000);
        timer.stop();
        QVERIFY(!outcome->onGuiThread);
        QVERIFY2(outcome->ticksSeen >= 20, qPrintable(QString("the event loop ticked %1 times while the job ran").arg(outcome->ticksSeen)));
    }
};

QTEST_MAIN(TestJobRunner)
#include "test_job_runner.moc"
