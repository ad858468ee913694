#include "metrics/BracketSelect.h"
#include "util/Percentile.h"

#include "metrics/RankSelect.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <utility>
#include <cmath>
#include <limits>

namespace ll {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Rank lo of a type-7 percentile, computed exactly as util/Percentile.h's type7Position does.
std::size_t lowRank(double p, std::size_t n) { return type7Position(n, p).lo; }

} // namespace

void tupleColumn(const std::vector<float>& tuples, int width, int j, std::vector<float>& out) {
    out.clear();
    for (std::size_t q = std::size_t(j); q < tuples.size(); q += std::size_t(width)) out.push_back(tuples[q]);
}

std::size_t sampleCount(std::size_t n) { return std::clamp<std::size_t>(n / 64, 8192, 131072); }

void BracketSelect::reset(int sets) {
    const std::size_t n = std::size_t(sets);
    ++generation_;
    lo_.assign(n, -INFINITY);
    hi_.assign(n, INFINITY);
    centre_.assign(n, 0.0);
    devLo_.assign(n, -INFINITY);
    devHi_.assign(n, INFINITY);
    reach_.assign(n, INFINITY);
    sets_.assign(n, SetState{});
    if (merged_.size() < n) merged_.resize(n);
}

namespace {

// Sorts v ascending by value (-0 before +0; NaN at the ends by sign) in three passes over 11-bit digits
// of an order-preserving integer key (least significant digit first): linear in the sample size, and
// one sort gives every bracket end of a sample where selections would each cost a pass.
void radixSort(std::vector<float>& v) {
    const std::size_t n = v.size();
    std::vector<std::uint32_t> keys(n), other(n);
    for (std::size_t i = 0; i < n; ++i) {
        std::uint32_t u;
        std::memcpy(&u, &v[i], sizeof u);
        keys[i] = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    }
    for (int shift : {0, 11, 22}) {
        std::array<std::size_t, 2048> start{};
        for (std::uint32_t k : keys) ++start[(k >> shift) & 2047u];
        std::size_t sum = 0;
        for (std::size_t& c : start) sum += std::exchange(c, sum);
        for (std::uint32_t k : keys) other[start[(k >> shift) & 2047u]++] = k;
        keys.swap(other);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t k = keys[i];
        const std::uint32_t u = (k & 0x80000000u) ? (k & 0x7fffffffu) : ~k;
        std::memcpy(&v[i], &u, sizeof u);
    }
}

// The bracket [lo, hi] of a sorted sample around its type-7 position p, with a margin of 6 standard
// deviations of a sample rank (as for independent draws; stratification only lowers it) plus a
// constant; -inf / +inf at the ends. False when the sample is too small.
bool bracketOfSorted(const std::vector<float>& sample, double p, float& lo, float& hi) {
    lo = -INFINITY;
    hi = INFINITY;
    const std::size_t m = sample.size();
    if (m < BracketSelect::kMinSample) return false;
    const double f = std::clamp(p, 0.0, 100.0) / 100.0;
    const double q = f * double(m - 1);
    const double margin = 6.0 * std::sqrt(double(m) * std::max(f * (1.0 - f), 1.0 / double(m))) + 16.0;
    const double qa = std::floor(q - margin), qb = std::ceil(q + margin) + 1.0;
    if (qa > 0.0) lo = sample[std::size_t(qa)];
    if (qb < double(m - 1)) hi = sample[std::size_t(qb)];
    return true;
}

} // namespace

void BracketSelect::setTarget(int s, double p, std::vector<float>& sample) {
    const std::size_t i = std::size_t(s);
    sets_[i].p = p;
    if (sample.size() >= kMinSample) radixSort(sample);
    bracketOfSorted(sample, p, lo_[i], hi_[i]);
}

void BracketSelect::setDeviationTarget(int t, int s, std::vector<float>& sample) {
    const std::size_t i = std::size_t(t), j = std::size_t(s);
    sets_[i].p = 50.0;
    sets_[i].companionOf = s;
    lo_[i] = -INFINITY; // the deviation bracket, set below
    hi_[i] = INFINITY;
    centre_[i] = 0.0;
    reach_[i] = INFINITY;
    devLo_[i] = -INFINITY; // emission bounds: keep everything
    devHi_[i] = INFINITY;
    if (sample.size() < kMinSample || !std::isfinite(lo_[j]) || !std::isfinite(hi_[j])) return;
    // c: the sample median; w: a 3-sigma bound on how far the exact median lies from it, checked
    // after the pass (when the median is farther, the companion is done again collecting everything).
    // Then |x - median| differs from |x - c| by at most w.
    const std::size_t m = sample.size();
    if (!std::is_sorted(sample.begin(), sample.end())) radixSort(sample); // setTarget(s) sorted it
    const std::size_t half = std::size_t(3.0 * std::sqrt(double(m) / 4.0)) + 8;
    const std::size_t ia = m / 2 > half ? m / 2 - half : 0, ib = std::min(m - 1, m / 2 + half);
    const double sa = sample[ia];
    const double c = sample[m / 2];
    const double sb = sample[ib];
    const double w = std::max(c - sa, sb - c);
    reach_[i] = w;
    std::vector<float> dev(sample.size());
    for (std::size_t k = 0; k < sample.size(); ++k) dev[k] = float(std::abs(double(sample[k]) - c));
    radixSort(dev);
    float dlo, dhi;
    bracketOfSorted(dev, 50.0, dlo, dhi);
    lo_[i] = dlo;
    hi_[i] = dhi;
    centre_[i] = c;
    // Relative slack 2^-20 so that float rounding of the exact deviations cannot cross the bracket.
    constexpr double kSlack = 1.0 / 1048576.0;
    devLo_[i] = std::isfinite(dlo) ? double(dlo) - (std::abs(double(dlo)) + w) * kSlack - w : -INFINITY;
    devHi_[i] = std::isfinite(dhi) ? double(dhi) + (std::abs(double(dhi)) + w) * kSlack + w : INFINITY;
}

void BracketSelect::clearLocals() {
    for (Local& l : locals_) shape(l);
}

void BracketSelect::shape(Local& l) const {
    const std::size_t n = sets_.size();
    l.below.assign(n, 0);
    l.count.assign(n, 0);
    l.used.assign(n, 0);
    if (l.inside.size() < n) l.inside.resize(n);
    l.bufs.resize(l.inside.size());
    for (std::size_t s = 0; s < l.inside.size(); ++s) l.bufs[s] = l.inside[s].data();
    l.shapedFor = generation_;
}

bool BracketSelect::finish() {
    const std::size_t S = sets_.size();
    std::vector<std::size_t> below(S, 0), inside(S, 0), count(S, 0);
    for (const Local& l : locals_)
        for (std::size_t s = 0; s < S; ++s) {
            below[s] += l.below[s];
            count[s] += l.count[s];
            inside[s] += l.used[s];
        }
    std::vector<char> retry(S, 0);
    auto collectAll = [&](std::size_t s) { return lo_[s] == -INFINITY && hi_[s] == INFINITY && devLo_[s] == -INFINITY && devHi_[s] == INFINITY; };
    // Checks set s's bracket against its counts and selects; false when it must be retried.
    auto select = [&](std::size_t s, std::size_t belowS) {
        SetState& st = sets_[s];
        std::vector<float>& v = merged_[s];
        const std::size_t k = lowRank(st.p, st.n), k2 = std::min(k + 1, st.n - 1);
        if (belowS > k || k2 >= belowS + v.size()) return false;
        const auto [a, b] = selectRankPair(v, k - belowS, lo_[s], hi_[s]); // v lies in the bracket
        st.below = belowS;
        st.a = a;
        st.b = k2 == k ? st.a : double(b);
        st.done = true;
        return true;
    };
    auto merge = [&](std::size_t s) {
        std::vector<float>& v = merged_[s];
        v.clear();
        v.reserve(inside[s]);
        for (const Local& l : locals_) v.insert(v.end(), l.inside[s].begin(), l.inside[s].begin() + std::ptrdiff_t(l.used[s]));
    };
    // Plain sets first, then the deviation companions (they need their set's median).
    for (int phase = 0; phase < 2; ++phase) {
        std::vector<std::size_t> todo;
        for (std::size_t s = 0; s < S; ++s) {
            SetState& st = sets_[s];
            if (st.done || (st.companionOf >= 0) != (phase == 1)) continue;
            st.n = count[s];
            if (st.n == 0) {
                st.a = st.b = kNaN;
                st.done = true;
                continue;
            }
            if (phase == 1 && (!sets_[std::size_t(st.companionOf)].done ||
                               !(std::abs(median(st.companionOf) - centre_[s]) <= reach_[s]))) {
                retry[s] = 1;
                continue;
            }
            todo.push_back(s);
        }
        // Per set, in parallel: merge the threads' kept values (for a companion, the exact deviations
        // from the exact median, classified against the bracket) and select.
        std::vector<char> ok(todo.size(), 0);
        std::vector<std::size_t> extraBelow(todo.size(), 0);
        tbb::parallel_for(std::size_t(0), todo.size(), [&](std::size_t q) {
            const std::size_t s = todo[q];
            if (phase == 0) {
                merge(s);
            } else { // the threads' kept values classified straight into merged_ (branch-free)
                const double m = median(sets_[s].companionOf);
                const float lo = lo_[s], hi = hi_[s];
                std::vector<float>& v = merged_[s];
                v.resize(inside[s] + 1); // + 1: the slot written past the last kept value
                float* out = v.data();
                std::size_t kept = 0, under = 0;
                for (const Local& l : locals_)
                    for (std::size_t k = 0; k < l.used[s]; ++k) {
                        const float d = float(std::abs(double(l.inside[s][k]) - m));
                        under += d < lo;
                        out[kept] = d;
                        kept += (d >= lo) & (d <= hi);
                    }
                v.resize(kept);
                extraBelow[q] = under;
            }
            ok[q] = select(s, below[s] + extraBelow[q]) ? 1 : 0;
        });
        for (std::size_t q = 0; q < todo.size(); ++q) {
            const std::size_t s = todo[q];
            if (ok[q]) continue;
            if (collectAll(s)) { // no bracket and still no rank: values that have no rank (NaN)
                sets_[s].a = sets_[s].b = kNaN;
                sets_[s].done = true;
            } else {
                retry[s] = 1;
            }
        }
    }
    bool allDone = true;
    for (std::size_t s = 0; s < S; ++s) allDone &= sets_[s].done;
    if (!allDone) {
        // The second pass collects every value of the sets that missed and nothing of the others.
        for (std::size_t s = 0; s < S; ++s) {
            lo_[s] = -INFINITY;
            hi_[s] = retry[s] ? INFINITY : -INFINITY;
            devLo_[s] = -INFINITY;
            devHi_[s] = retry[s] ? INFINITY : -INFINITY;
            if (retry[s]) {
                centre_[s] = 0.0;
                reach_[s] = INFINITY;
            }
        }
    }
    return allDone;
}

double BracketSelect::percentile(int s) const {
    const SetState& st = sets_[std::size_t(s)];
    if (st.n == 0) return kNaN;
    return type7Interpolate(st.a, st.b, type7Position(st.n, st.p).fraction);
}

BracketSelect::Tie BracketSelect::tieAtLowRank(int s) const {
    const SetState& st = sets_[std::size_t(s)];
    Tie t;
    if (st.n == 0 || std::isnan(st.a)) return t;
    t.rank = lowRank(st.p, st.n);
    t.below = st.below;
    const float a = float(st.a);
    for (float x : merged_[std::size_t(s)]) { // every value equal to a was collected
        t.below += x < a;
        t.equal += x == a;
    }
    return t;
}

double BracketSelect::median(int s) const {
    const SetState& st = sets_[std::size_t(s)];
    if (st.n == 0) return kNaN;
    return st.n % 2 == 1 ? st.a : 0.5 * (st.a + st.b);
}

} // namespace ll
