// Recycler (util/Recycler.h), the one pool of reusable buffers: the batch's decoded edits and kept
// inputs, and the evaluation workspaces (EvalWorkspacePool).
#include "metrics/EvalWorkspace.h"
#include "util/Recycler.h"

#include <QtTest>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

using namespace ll;

class TestRecycler : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsAndReusesMemory() {
        int made = 0;
        Recycler<std::vector<float>> r([&made] {
            ++made;
            return std::vector<float>(16);
        });
        std::vector<float> a = r.take();
        QCOMPARE(made, 1);
        QCOMPARE(a.size(), std::size_t(16));
        a.resize(1000);
        const float* buffer = a.data();
        r.giveBack(std::move(a));
        std::vector<float> b = r.take(); // the kept one, with its memory
        QCOMPARE(made, 1);
        QCOMPARE(b.data(), buffer);
        std::vector<float> c = r.take(); // none kept: a new one
        QCOMPARE(made, 2);
        QCOMPARE(c.size(), std::size_t(16));
    }

    void leaseGivesBackAtTheEndOfItsScope() {
        Recycler<std::unique_ptr<int>> r([] { return std::make_unique<int>(0); });
        const int* first = nullptr;
        {
            Recycler<std::unique_ptr<int>>::Lease l(r);
            first = l->get();
            **l = 41;
        }
        Recycler<std::unique_ptr<int>>::Lease again(r);
        QCOMPARE(again->get(), first);
        QCOMPARE(**again, 41);
    }

    void concurrentLeasesAreDistinct() {
        // 4 threads each hold a workspace at the same time: 4 distinct workspaces, all kept afterwards.
        EvalWorkspacePool pool;
        std::atomic<int> holding{0};
        std::vector<EvalWorkspace*> seen(4, nullptr);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                EvalWorkspacePool::Lease ws(pool);
                seen[std::size_t(t)] = ws->get();
                ++holding;
                while (holding.load() < 4) std::this_thread::yield();
            });
        for (auto& th : threads) th.join();
        for (int i = 0; i < 4; ++i)
            for (int j = i + 1; j < 4; ++j) QVERIFY(seen[std::size_t(i)] != seen[std::size_t(j)]);
        std::vector<std::unique_ptr<EvalWorkspace>> kept;
        for (int i = 0; i < 4; ++i) kept.push_back(pool.take());
        for (const auto& k : kept) QVERIFY(std::find(seen.begin(), seen.end(), k.get()) != seen.end());
        for (auto& k : kept) pool.giveBack(std::move(k));
    }
};

QTEST_MAIN(TestRecycler)
#include "test_recycler.moc"
