#pragma once
// Exact order statistics of several sets of floats at once, streamed from one parallel pass over the
// data, without copying the data into a scratch array (sample-bracketed selection, in the manner of
// Floyd and Rivest, for many sets together):
//  1. per set, a sample of its values (taken by the caller, e.g. with sampleStratified) gives a bracket
//     [lo, hi] around the wanted rank with a margin of 6 standard deviations of the sample rank;
//  2. one pass over the rows: the caller's row function emits every value of every set; per thread,
//     values below lo are counted, values above hi counted, values inside collected;
//  3. per set, when the wanted ranks fall inside the bracket (an exact check), std::nth_element on the
//     collected values gives them; sets whose bracket missed (rare) are done again by a second pass
//     that collects all their values. Sets with a small sample collect all values from the start.
// The answer is an order statistic of the data, so it is exact and does not depend on the thread
// count. The object keeps its storage between uses (no fresh allocation per evaluation).
#include "metrics/SpanKernels.h"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <cstddef>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace ll {

class BracketSelect {
public:
    // What the row function calls for each value: emit(set, value). Branch-free: the value is always
    // written to the set's buffer and the buffer's end advances only when it lies inside the bracket.
    class Emit {
    public:
        void operator()(int s, float v) {
            const std::size_t i = std::size_t(s);
            const float lo = lo_[i], hi = hi_[i];
            below_[i] += v < lo;
            ++count_[i];
            std::size_t& n = inside_[i];
            buf_[i][n] = v;
            n += (v >= lo) & (v <= hi);
        }
        // v to set s and to its deviation companion t (setDeviationTarget): t keeps v when
        // |v - centre| may lie in its bracket once the median of s is known, counts it when it is
        // surely below.
        void pair(int s, int t, float v) {
            (*this)(s, v);
            deviation(t, &v, 1);
        }
        // v[0..n) to set s: the same as operator() for each value in turn, with the set's counters
        // held in registers (the fast way to emit a row's values of one set).
        void span(int s, const float* v, std::size_t n) {
            const std::size_t i = std::size_t(s);
            inside_[i] = bracketSpan(lo_[i], hi_[i], v, n, buf_[i], inside_[i], below_[i]);
            count_[i] += n;
        }
        // pair(s, t, v[k]) for each k.
        void pairSpan(int s, int t, const float* v, std::size_t n) {
            span(s, v, n);
            deviation(t, v, n);
        }

    private:
        void deviation(int t, const float* v, std::size_t n) {
            const std::size_t i = std::size_t(t);
            inside_[i] = deviationSpan(centre_[i], devLo_[i], devHi_[i], v, n, buf_[i], inside_[i], below_[i]);
            count_[i] += n;
        }

        friend class BracketSelect;
        const float* lo_ = nullptr;
        const float* hi_ = nullptr;
        const double* centre_ = nullptr;
        const double* devLo_ = nullptr;
        const double* devHi_ = nullptr;
        std::size_t* below_ = nullptr;
        std::size_t* count_ = nullptr;
        std::size_t* inside_ = nullptr;
        float** buf_ = nullptr;
    };

    // Starts a selection of `sets` sets; all targets must be set before run(). Targets of different
    // sets may be set from different threads at once (each writes only its own set's slots).
    void reset(int sets);
    // Set s: the wanted type-7 percentile p in [0, 100] (ranks lo = floor(p/100 (n-1)) and lo + 1) and
    // a sample of its values (sorted here). A sample of fewer than kMinSample values makes the pass
    // collect every value of the set.
    void setTarget(int s, double p, std::vector<float>& sample);
    // Set t: the median absolute deviation of set s (whose target must be the median, set before):
    // the median of float(|x - median(s)|) over the values x of s, found in the same pass (the row
    // function emits each x once with emit.pair(s, t, x)). `sample` is set s's sample (sorted).
    // The deviations are bracketed around the sample's median c and the bracket widened by a bound w
    // on |median - c| (3 standard deviations of the sample median); after the pass the bound is
    // checked against the exact median (else the companion is done again, collecting everything) and
    // the kept values' exact deviations are classified.
    void setDeviationTarget(int t, int s, std::vector<float>& sample);

    // One pass (two when a bracket missed): fn(y, emit) for every row y in [0, rows), in parallel; a
    // row emits at most maxPerRow values to each set. fn may write outputs as a side effect; it must
    // write the same values when it runs again.
    template <typename RowFn>
    void run(int rows, std::size_t maxPerRow, RowFn fn) {
        for (int attempt = 0; attempt < 2; ++attempt) {
            ++generation_;
            clearLocals();
            tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& r) {
                Local& l = locals_.local();
                if (l.shapedFor != generation_) shape(l);
                Emit e;
                e.lo_ = lo_.data();
                e.hi_ = hi_.data();
                e.centre_ = centre_.data();
                e.devLo_ = devLo_.data();
                e.devHi_ = devHi_.data();
                e.below_ = l.below.data();
                e.count_ = l.count.data();
                e.inside_ = l.used.data();
                e.buf_ = l.bufs.data();
                for (int y = r.begin(); y < r.end(); ++y) {
                    l.reserve(maxPerRow);
                    fn(y, e);
                }
            });
            if (finish()) return;
        }
    }

    std::size_t count(int s) const { return sets_[std::size_t(s)].n; }
    // Values of ranks lo and lo + 1 (clamped to the last rank); NaN for an empty set.
    std::pair<double, double> ranks(int s) const { return {sets_[std::size_t(s)].a, sets_[std::size_t(s)].b}; }
    // Type-7 percentile (as util/Percentile.h) and median (mean of the two central values
    // for an even count, as medianOf; only for a target of 50). NaN for an empty set.
    double percentile(int s) const;
    double median(int s) const;
    // The values of set s equal to its value of rank lo (ranks(s).first), after run(): `below` of
    // them are smaller, `equal` equal, so they hold ranks [below, below + equal). Ties of float
    // values hide the order of the exact values they were rounded from; the caller resolves it.
    struct Tie {
        std::size_t below = 0, equal = 0, rank = 0; // rank: lo
    };
    Tie tieAtLowRank(int s) const;

    static constexpr std::size_t kMinSample = 512;

private:
    struct Local {
        std::vector<std::size_t> below, count, used; // per set; used = values kept in inside[s]
        std::vector<std::vector<float>> inside;      // per set; only the first used[s] values count
        std::vector<float*> bufs;                    // inside[s].data()
        std::uint64_t shapedFor = 0;
        // Room for `more` values in every set's buffer.
        void reserve(std::size_t more) {
            for (std::size_t s = 0; s < inside.size(); ++s)
                if (inside[s].size() < used[s] + more) {
                    inside[s].resize(std::max(2 * inside[s].size(), used[s] + more));
                    bufs[s] = inside[s].data();
                }
        }
    };
    struct SetState {
        double p = 50.0;
        std::size_t n = 0;
        double a = 0.0, b = 0.0;
        bool done = false;
        int companionOf = -1; // deviation companion of this set, or -1
        std::size_t below = 0; // values below the collected ones (merged_ holds the rest that count)
    };
    void clearLocals();
    void shape(Local& l) const; // sized for the current sets, counts zero, nothing collected
    bool finish(); // merges, checks and selects; false when some set needs the collect-all pass

    std::uint64_t generation_ = 0; // counts reset() calls and passes
    std::vector<float> lo_, hi_;
    std::vector<double> centre_, devLo_, devHi_; // companions: emission bounds on |v - centre|
    std::vector<double> reach_;                  // companions: assumed bound on |median - centre|
    std::vector<SetState> sets_;
    std::vector<std::vector<float>> merged_;
    tbb::enumerable_thread_specific<Local> locals_;
};

// A deterministic stratified sample of `count` pixel indices in [0, n): one index at a pseudo-random
// offset in each of `count` equal strata (every index when n <= 2 count); single pixels rather than
// runs, so that spatially smooth data does not make the sample less informative than its size.
// fn(i, out) may write `width` floats to out and returns whether it did; the kept tuples are appended
// to `tuples` in increasing order of i (strata are visited in parallel, the order is fixed).
// prefetch(i), called a few strata ahead of fn(i, ...), may prefetch what fn will read (the sampled
// pixels are too far apart for the hardware prefetcher).
template <typename Fn, typename Prefetch>
void sampleStratified(std::size_t n, std::size_t count, int width, std::vector<float>& tuples, Fn fn,
                      Prefetch prefetch) {
    tuples.clear();
    const bool all = n <= count * 2;
    const std::size_t strata = all ? n : count;
    const std::size_t stratum = all ? 1 : n / count;
    auto indexOf = [&](std::size_t j) {
        if (all) return j;
        std::uint64_t z = (j + 1) * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        return j * stratum + std::size_t(z % stratum);
    };
    constexpr std::size_t kChunk = 1024, kAhead = 32;
    const std::size_t chunks = (strata + kChunk - 1) / kChunk;
    std::vector<std::vector<float>> parts(chunks);
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t ch) {
        std::vector<float>& part = parts[ch];
        part.reserve(kChunk * std::size_t(width));
        float tmp[16];
        const std::size_t end = std::min(strata, (ch + 1) * kChunk);
        for (std::size_t j = ch * kChunk; j < end; ++j) {
            if (j + kAhead < end) prefetch(indexOf(j + kAhead));
            if (fn(indexOf(j), tmp)) part.insert(part.end(), tmp, tmp + width);
        }
    });
    for (const auto& part : parts) tuples.insert(tuples.end(), part.begin(), part.end());
}

template <typename Fn>
void sampleStratified(std::size_t n, std::size_t count, int width, std::vector<float>& tuples, Fn fn) {
    sampleStratified(n, count, width, tuples, fn, [](std::size_t) {});
}

// Column j of tuples of `width` floats.
void tupleColumn(const std::vector<float>& tuples, int width, int j, std::vector<float>& out);

// The sample size for an image of n pixels: larger for larger images so that the brackets stay narrow
// (the collected fraction falls as 1/sqrt(sample size)).
std::size_t sampleCount(std::size_t n);

} // namespace ll
