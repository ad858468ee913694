#include "metrics/BracketSelect.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ll {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Rank lo of a type-7 percentile, computed exactly as OrderStatistics' percentileOf does.
std::size_t lowRank(double p, std::size_t n) {
    const double pos = std::clamp(p, 0.0, 100.0) / 100.0 * double(n - 1);
    return std::size_t(std::floor(pos));
}

} // namespace

std::size_t sampleCount(std::size_t n) { return std::clamp<std::size_t>(n / 64, 8192, 131072); }

void BracketSelect::reset(int sets) {
    const std::size_t n = std::size_t(sets);
    ++generation_;
    lo_.assign(n, -INFINITY);
    hi_.assign(n, INFINITY);
    sets_.assign(n, SetState{});
    if (merged_.size() < n) merged_.resize(n);
}

void BracketSelect::setTarget(int s, double p, std::vector<float>& sample) {
    const std::size_t i = std::size_t(s);
    sets_[i].p = p;
    lo_[i] = -INFINITY;
    hi_[i] = INFINITY;
    const std::size_t m = sample.size();
    if (m < kMinSample) return; // collect everything
    // The wanted rank's position in the sample, with a margin of 6 standard deviations of a sample
    // rank (as for independent draws; stratification only lowers it) plus a constant.
    const double f = std::clamp(p, 0.0, 100.0) / 100.0;
    const double q = f * double(m - 1);
    const double margin = 6.0 * std::sqrt(double(m) * std::max(f * (1.0 - f), 1.0 / double(m))) + 16.0;
    const double qa = std::floor(q - margin), qb = std::ceil(q + margin) + 1.0;
    if (qa > 0.0) {
        const auto a = sample.begin() + std::ptrdiff_t(qa);
        std::nth_element(sample.begin(), a, sample.end());
        lo_[i] = *a;
    }
    if (qb < double(m - 1)) {
        const auto b = sample.begin() + std::ptrdiff_t(qb);
        std::nth_element(qa > 0.0 ? sample.begin() + std::ptrdiff_t(qa) : sample.begin(), b, sample.end());
        hi_[i] = *b;
    }
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
    bool allDone = true;
    std::vector<std::size_t> below(S, 0), inside(S, 0), count(S, 0);
    for (const Local& l : locals_)
        for (std::size_t s = 0; s < S; ++s) {
            below[s] += l.below[s];
            count[s] += l.count[s];
            inside[s] += l.used[s];
        }
    std::vector<char> retry(S, 0);
    for (std::size_t s = 0; s < S; ++s) {
        SetState& st = sets_[s];
        if (st.done) continue;
        st.n = count[s];
        if (st.n == 0) {
            st.a = st.b = kNaN;
            st.done = true;
            continue;
        }
        const std::size_t k = lowRank(st.p, st.n);
        const std::size_t k2 = std::min(k + 1, st.n - 1);
        if (below[s] > k || k2 >= below[s] + inside[s]) {
            if (lo_[s] == -INFINITY && hi_[s] == INFINITY) { // no bracket: values that have no rank (NaN)
                st.a = st.b = kNaN;
                st.done = true;
                continue;
            }
            retry[s] = 1;
            allDone = false;
            continue;
        }
        std::vector<float>& v = merged_[s];
        v.clear();
        v.reserve(inside[s]);
        for (const Local& l : locals_) v.insert(v.end(), l.inside[s].begin(), l.inside[s].begin() + std::ptrdiff_t(l.used[s]));
    }
    tbb::parallel_for(std::size_t(0), S, [&](std::size_t s) {
        SetState& st = sets_[s];
        if (st.done || retry[s]) return;
        std::vector<float>& v = merged_[s];
        const std::size_t k = lowRank(st.p, st.n), k2 = std::min(k + 1, st.n - 1);
        const std::size_t r = k - below[s];
        std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(r), v.end());
        st.a = v[r];
        st.b = k2 == k ? st.a : double(*std::min_element(v.begin() + std::ptrdiff_t(r) + 1, v.end()));
        st.done = true;
    });
    if (!allDone) {
        // The second pass collects every value of the sets that missed and skips the others.
        for (std::size_t s = 0; s < S; ++s) {
            if (retry[s]) {
                lo_[s] = -INFINITY;
                hi_[s] = INFINITY;
            } else {
                lo_[s] = -INFINITY;
                hi_[s] = -INFINITY; // nothing is collected; the results found stay
            }
        }
    }
    return allDone;
}

double BracketSelect::percentile(int s) const {
    const SetState& st = sets_[std::size_t(s)];
    if (st.n == 0) return kNaN;
    const double pos = std::clamp(st.p, 0.0, 100.0) / 100.0 * double(st.n - 1);
    const double frac = pos - std::floor(pos);
    return frac > 0.0 ? st.a + (st.b - st.a) * frac : st.a;
}

double BracketSelect::median(int s) const {
    const SetState& st = sets_[std::size_t(s)];
    if (st.n == 0) return kNaN;
    return st.n % 2 == 1 ? st.a : 0.5 * (st.a + st.b);
}

} // namespace ll
