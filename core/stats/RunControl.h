#pragma once
// Progress and cancellation of a long statistics run (the validation's bootstrap draws and split
// halves), for callers with a user interface. Both hooks may be called from any worker thread.
#include <atomic>
#include <cstddef>
#include <functional>
#include <stdexcept>

namespace ll::stats {

struct RunControl {
    std::function<void(double fraction)> progress; // 0..1; called from worker threads, about 100 times a run
    std::function<bool()> cancelled;               // polled before every unit of work
    bool stopRequested() const { return cancelled && cancelled(); }
};

// Thrown when RunControl::cancelled returned true; nothing of the run is kept.
struct RunCancelled : std::runtime_error {
    RunCancelled() : std::runtime_error("cancelled") {}
};

// Counts finished units of work and reports their share through `control->progress`, every
// hundredth of `total` (thread-safe; does nothing without a control or a progress hook).
class ProgressCounter {
public:
    ProgressCounter(const RunControl* control, std::size_t total)
        : control_(control), total_(total ? total : 1), step_(total_ / 100 ? total_ / 100 : 1) {}

    void add() {
        const std::size_t done = done_.fetch_add(1, std::memory_order_relaxed) + 1;
        if (control_ && control_->progress && (done % step_ == 0 || done == total_))
            control_->progress(double(done) / double(total_));
    }

private:
    const RunControl* control_;
    std::size_t total_, step_;
    std::atomic<std::size_t> done_{0};
};

// Throws RunCancelled when the control asks to stop.
inline void throwIfStopRequested(const RunControl* control) {
    if (control && control->stopRequested()) throw RunCancelled();
}

} // namespace ll::stats
