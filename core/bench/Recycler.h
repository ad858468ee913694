#pragma once
// Objects whose memory is worth keeping between uses (a decoded edit's buffers): take one (a kept one
// when there is one, else a new default one), give it back when done with it. At most as many are
// kept as were ever in use at once. Thread-safe.
#include <mutex>
#include <utility>
#include <vector>

namespace ll::bench {

template <typename T>
class Recycler {
public:
    T take() {
        std::lock_guard lock(mutex_);
        if (free_.empty()) return T{};
        T t = std::move(free_.back());
        free_.pop_back();
        return t;
    }
    void giveBack(T t) {
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(t));
    }

private:
    std::mutex mutex_;
    std::vector<T> free_;
};

} // namespace ll::bench
