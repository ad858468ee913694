#pragma once
// LruCache: a least-recently-used map with a cost budget (e.g. bytes). Used on the GUI thread only
// (results arrive there), so it has no locking. Values are usually shared_ptr<const T>: an entry
// evicted while a view still shows it stays alive until the view lets go.
#include <cstddef>
#include <list>
#include <optional>
#include <unordered_map>
#include <utility>

namespace ll::ui {

template <typename Key, typename Value, typename Hash = std::hash<Key>>
class LruCache {
public:
    explicit LruCache(std::size_t budget) : budget_(budget) {}

    // Inserts or replaces; evicts the least recently used entries until the total cost fits
    // (the new entry always stays, even when it alone exceeds the budget).
    void insert(const Key& key, Value value, std::size_t cost = 1) {
        erase(key);
        order_.push_front(Entry{key, std::move(value), cost});
        index_[key] = order_.begin();
        total_ += cost;
        while (total_ > budget_ && order_.size() > 1) {
            auto& last = order_.back();
            total_ -= last.cost;
            index_.erase(last.key);
            order_.pop_back();
        }
    }

    // The value, marked most recently used; nullopt when absent.
    std::optional<Value> get(const Key& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return std::nullopt;
        order_.splice(order_.begin(), order_, it->second);
        return it->second->value;
    }

    bool contains(const Key& key) const { return index_.count(key) != 0; }

    void erase(const Key& key) {
        auto it = index_.find(key);
        if (it == index_.end()) return;
        total_ -= it->second->cost;
        order_.erase(it->second);
        index_.erase(it);
    }

    // The value of the most recently used entry whose key satisfies `pred` (recency unchanged).
    template <typename Pred>
    std::optional<Value> findIf(Pred pred) const {
        for (const Entry& e : order_)
            if (pred(e.key)) return e.value;
        return std::nullopt;
    }

    // Erases every entry whose key satisfies `pred`.
    template <typename Pred>
    void eraseIf(Pred pred) {
        for (auto it = order_.begin(); it != order_.end();) {
            if (pred(it->key)) {
                total_ -= it->cost;
                index_.erase(it->key);
                it = order_.erase(it);
            } else {
                ++it;
            }
        }
    }

    void clear() {
        order_.clear();
        index_.clear();
        total_ = 0;
    }

    std::size_t size() const { return order_.size(); }
    std::size_t totalCost() const { return total_; }
    std::size_t budget() const { return budget_; }

private:
    struct Entry {
        Key key;
        Value value;
        std::size_t cost;
    };
    std::size_t budget_;
    std::size_t total_ = 0;
    std::list<Entry> order_;
    std::unordered_map<Key, typename std::list<Entry>::iterator, Hash> index_;
};

} // namespace ll::ui
