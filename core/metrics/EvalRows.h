#pragma once
// Row-level helpers the evaluation's stages share (EvalRun.h): the ratio rows E_R, E_G computed on
// the fly, gathering a row's selected values for BracketSelect, and turning selected medians and MADs
// into standardisation statistics.
#include "metrics/BracketSelect.h"
#include "metrics/EvalWorkspace.h"
#include "metrics/Standardisation.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ll {

// E_R and E_G of row y in double (0 outside Omega): E_R,c of pixel x at [3x + c], E_G,c at
// [3W + 3x + c]; from the thread's cache of its last three rows. Double, so that the gradient
// magnitudes keep the order of the exact ones (GradientThreshold.h).
const double* ratioRow(EvalWorkspace& ws, const Image& num, const Image& edit, const Image& den, int y);

// Empties every thread's cache of ratio rows (before a call: the rows belong to the last call's images).
void forgetRatioRows(EvalWorkspace& ws);

// The pairs pair(x) = {u, v} (floats) of the pixels x < W whose keep[x] has bit `bit`: u into column c
// and v into column 3 + c of the thread's scratch, each column contiguous (for
// BracketSelect::Emit::span); returns their number. Branch-free: every pair is written, a kept one
// advances the count.
template <typename Pair>
std::size_t gatherKept(int c, const std::uint8_t* keep, int bit, int W, EvalWorkspace::RowScratch& sc, Pair pair) {
    std::vector<float>& colA = sc.columns[std::size_t(c)];
    std::vector<float>& colB = sc.columns[std::size_t(3 + c)];
    colA.resize(std::size_t(W));
    colB.resize(std::size_t(W));
    float* ca = colA.data();
    float* cb = colB.data();
    std::size_t n = 0;
    for (int x = 0; x < W; ++x) {
        const auto [u, v] = pair(x);
        ca[n] = u;
        cb[n] = v;
        n += (keep[x] >> bit) & 1u;
    }
    return n;
}

// Channel c's values a[3x + c] and b[3x + c] of the kept pixels as float (gatherKept).
template <typename T>
std::size_t gatherChannel(const T* a, const T* b, int c, const std::uint8_t* keep, int bit, int W,
                          EvalWorkspace::RowScratch& sc) {
    return gatherKept(c, keep, bit, W, sc, [&](int x) {
        return std::pair<float, float>(float(a[3 * x + c]), float(b[3 * x + c]));
    });
}

// Sets 0-5: the medians of the six sampled quantities; sets 6-11: their MADs. The brackets of the six
// are found in parallel (each set's own sample, its own slots in sel).
void setMedianAndMadTargets(BracketSelect& sel, std::array<std::vector<float>, 6>& samples);

// Median and MAD of n values as standardisation statistics: the scale is the MAD, or `madFloor`
// (and floored) when the MAD is below it or there are no values.
ChannelStats statsFrom(std::size_t n, double median, double mad, double madFloor);

bool anyFloored(const RgbStats& s);

// "MAD of WHAT below FLOOR in channel RG" naming the floored channels.
std::string madReason(const char* what, const RgbStats& s, double floor);

} // namespace ll
