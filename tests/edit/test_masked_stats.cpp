// Masked statistics of the edit scores (edit/MaskedStats.h): the mean against a long-double sum, the
// same bits on every run and for any thread count (the blur check's energies printed by edit-eval
// differed in their last digits from run to run when the mean was a parallel_reduce).
#include "edit/MaskedStats.h"

#include <QtTest>

#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>

#include <random>

using namespace ll;
using namespace ll::edit;

class TestMaskedStats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void meanIsTheSameOnEveryRunAndThreadCount() {
        const int W = 3000, H = 2000; // 92 blocks of the sum
        FloatPlane p(W, H);
        Mask m(W, H);
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        long double exact = 0.0L;
        std::size_t n = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            p[i] = u(rng) * u(rng) * 1e-3f;
            m[i] = u(rng) < 0.7f ? 1 : 0;
            if (m[i]) {
                exact += p[i];
                ++n;
            }
        }
        std::optional<double> one, all;
        tbb::task_arena(1).execute([&] {
            one = maskedMean(p, &m);
            all = maskedMean(p, nullptr);
        });
        QVERIFY(one && all);
        QVERIFY(std::abs(*one - double(exact / n)) <= 1e-12 * double(exact / n));
        // Beside other parallel work (as in edit-eval, where the checks run side by side), so that the
        // blocks are taken by varying threads in varying order.
        for (int run = 0; run < 40; ++run) {
            std::optional<double> a, b, c;
            tbb::task_arena(2).execute([&] {
                tbb::parallel_invoke([&] { a = maskedMean(p, &m); }, [&] { b = maskedMean(p, nullptr); },
                                     [&] { c = maskedMean(p, &m); });
            });
            QVERIFY2(*a == *one && *c == *one, qPrintable(QString("%1 %2 vs %3").arg(*a, 0, 'g', 17).arg(*c, 0, 'g', 17).arg(*one, 0, 'g', 17)));
            QVERIFY(*b == *all); // bit for bit
        }
        QVERIFY(!maskedMean(p, &(m = Mask(W, H))));
    }
};

QTEST_GUILESS_MAIN(TestMaskedStats)
#include "test_masked_stats.moc"
