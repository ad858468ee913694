#include "metrics/EvalWorkspace.h"

namespace ll {
namespace {

template <typename P>
void ensure(P& p, int W, int H) {
    if (p.width() != W || p.height() != H) p = P(W, H);
}

} // namespace

void EvalWorkspace::ensureSize(int W, int H) {
    ensure(light, W, H);
    ensure(blurred, W, H);
    ensure(reason, W, H);
    ensure(omega, W, H);
    ensure(domain, W, H);
    ensure(omega80Bits, W, H);
    ensure(bands, W, H);
    ensure(gradReal, W, H);
    ensure(gradEdit, W, H);
}

EvalWorkspacePool::Lease EvalWorkspacePool::take() {
    std::unique_ptr<EvalWorkspace> ws;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!free_.empty()) {
            ws = std::move(free_.back());
            free_.pop_back();
        }
    }
    if (!ws) ws = std::make_unique<EvalWorkspace>();
    return Lease(*this, std::move(ws));
}

void EvalWorkspacePool::giveBack(std::unique_ptr<EvalWorkspace> ws) {
    if (!ws) return;
    std::lock_guard<std::mutex> lock(mutex_);
    free_.push_back(std::move(ws));
}

} // namespace ll
