#pragma once
// CancelToken: a shared flag a job checks between its stages. The GUI cancels the token of a job
// whose result nobody wants any more (the selection changed); the job then stops at its next check
// and its result is never delivered.
#include <atomic>
#include <memory>

namespace ll::ui {

class CancelToken {
public:
    CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}

    void cancel() const { flag_->store(true, std::memory_order_relaxed); }
    bool cancelled() const { return flag_->load(std::memory_order_relaxed); }

private:
    std::shared_ptr<std::atomic<bool>> flag_;
};

// Thrown by a job at a stage boundary when its token was cancelled; the runner swallows it.
struct JobCancelled {};

inline void throwIfCancelled(const CancelToken& token) {
    if (token.cancelled()) throw JobCancelled{};
}

} // namespace ll::ui
