// The desktop app's memory policy (app/FreedMemory.h) on the GNU C library: blocks of 1 MB and more
// are mapped on their own however large a block was freed before (glibc would otherwise raise its
// threshold to the freed block's size), and trimming returns free memory between live blocks to the
// system. Under AddressSanitizer the allocator is the sanitizer's, which these calls do not steer.
#include "app/FreedMemory.h"
#include "app/ProcessMemory.h"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define LL_OWN_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LL_OWN_ALLOCATOR 1
#endif
#endif

namespace {

#if defined(__GLIBC__)
// Resident bytes of this process.
long long residentBytes() { return (long long)(ll::ui::processMemoryMiB("VmRSS") * 1024.0 * 1024.0); }

// A block of `bytes`, written (resident); kept visible to the optimiser's eyes so that it is not elided.
void* volatile sink = nullptr;
void* touched(std::size_t bytes) {
    void* p = std::malloc(bytes);
    std::memset(p, 1, bytes);
    sink = p;
    return sink;
}
#endif

} // namespace

class TestFreedMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
#if !defined(__GLIBC__)
        QSKIP("not the GNU C library: the policy does nothing here");
#elif defined(LL_OWN_ALLOCATOR)
        QSKIP("AddressSanitizer's allocator: mallopt and malloc_trim do not apply");
#endif
        ll::ui::returnLargeBlocksToTheSystem();
    }

#if defined(__GLIBC__)
    void largeBlocksAreMappedAfterALargerOneWasFreed() {
        // glibc alone: freeing a 16 MB mapped block raises the mmap threshold to 16 MB, and the 2 MB
        // block after it would come from the heap. With the fixed threshold it is mapped.
        std::free(touched(std::size_t(16) << 20));
        const int before = mallinfo2().hblks;
        void* block = touched(std::size_t(2) << 20);
        const int during = mallinfo2().hblks;
        std::free(block);
        QVERIFY2(during == before + 1, qPrintable(QStringLiteral("mapped blocks %1 before, %2 with the 2 MB block").arg(before).arg(during)));
    }

    void trimmingReturnsFreeMemoryBetweenLiveBlocks() {
        // 400 blocks of 200 KB (below the threshold: from the heap), each followed by a small block
        // that stays: freeing the large ones leaves 80 MB of free chunks the heap cannot shrink over.
        constexpr int kBlocks = 400;
        constexpr std::size_t kLarge = 200 << 10;
        std::vector<void*> large, small;
        for (int i = 0; i < kBlocks; ++i) {
            large.push_back(touched(kLarge));
            small.push_back(touched(64));
        }
        for (void* p : large) std::free(p);
        const long long before = residentBytes();
        ll::ui::trimFreedMemory();
        const long long after = residentBytes();
        for (void* p : small) std::free(p);
        const long long freed = kBlocks * (long long)kLarge;
        QVERIFY2(before - after > freed / 2,
                 qPrintable(QStringLiteral("resident %1 MB before trimming, %2 MB after (%3 MB were freed)")
                                .arg(before >> 20).arg(after >> 20).arg(freed >> 20)));
    }
#endif
};

QTEST_GUILESS_MAIN(TestFreedMemory)
#include "test_freed_memory.moc"
