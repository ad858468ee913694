#pragma once
// Memory the app frees goes back to the system. glibc keeps freed blocks below its mmap threshold for
// reuse, and that threshold grows (up to 32 MB) each time a large block is freed, so the tens of MB
// that worker threads allocate for a large image would otherwise stay resident after the job: the
// desktop app fixes the threshold (blocks of 1 MB and more are mapped and unmapped) and trims the
// heaps when no job runs. No effect on other C libraries.
namespace ll::ui {

// Once, at start-up (before worker threads allocate).
void returnLargeBlocksToTheSystem();
// Returns the free memory at the top of each heap (after the last job has finished).
void trimFreedMemory();

} // namespace ll::ui
