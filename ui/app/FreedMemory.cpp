#include "app/FreedMemory.h"

#include <cstdlib> // defines __GLIBC__ with the GNU C library (tested below: no header before it does)

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ll::ui {

void returnLargeBlocksToTheSystem() {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_TRIM_THRESHOLD, 8 << 20);
#endif
}

void trimFreedMemory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

} // namespace ll::ui
