#pragma once
// Objects whose memory is worth keeping between uses (a decoded edit's buffers, an evaluation's
// workspace): take one (a kept one when there is one, else a new one from `make`), give it back when
// done with it, or hold it for a scope with a Lease. At most as many are kept as were ever in use at
// once. Which kept object a caller gets never changes a result. Thread-safe.
#include <functional>
#include <mutex>
#include <utility>
#include <vector>

namespace ll {

template <typename T>
class Recycler {
public:
    explicit Recycler(std::function<T()> make = [] { return T{}; }) : make_(std::move(make)) {}

    T take() {
        {
            std::lock_guard lock(mutex_);
            if (!free_.empty()) {
                T t = std::move(free_.back());
                free_.pop_back();
                return t;
            }
        }
        return make_();
    }

    void giveBack(T t) {
        std::lock_guard lock(mutex_);
        free_.push_back(std::move(t));
    }

    // Taken on construction, given back on destruction.
    class Lease {
    public:
        explicit Lease(Recycler& r) : recycler_(r), value_(r.take()) {}
        ~Lease() { recycler_.giveBack(std::move(value_)); }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        T& operator*() { return value_; }
        T* operator->() { return &value_; }

    private:
        Recycler& recycler_;
        T value_;
    };

private:
    std::function<T()> make_;
    std::mutex mutex_;
    std::vector<T> free_;
};

} // namespace ll
