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
#include <vector>

namespace ll {

// E_R and E_G of row y in double (0 outside Omega): E_R,c of pixel x at [3x + c], E_G,c at
// [3W + 3x + c]; from the thread's cache of its last three rows. Double, so that the gradient
// magnitudes keep the order of the exact ones (GradientThreshold.h).
const double* ratioRow(EvalWorkspace& ws, const Image& num, const Image& edit, const Image& den, int y);

// Empties every thread's cache of ratio rows (before a call: the rows belong to the last call's images).
void forgetRatioRows(EvalWorkspace& ws);

// Channel c's values a[3x + c] (into column c) and b[3x + c] (column 3 + c) of the pixels x < W whose
// keep[x] has bit `bit`, as float, each column contiguous (for BracketSelect::Emit::span); returns
// their number.
template <typename T>
std::size_t gatherChannel(const T* a, const T* b, int c, const std::uint8_t* keep, int bit, int W,
                          EvalWorkspace::RowScratch& sc) {
    std::vector<float>& colA = sc.columns[std::size_t(c)];
    std::vector<float>& colB = sc.columns[std::size_t(3 + c)];
    colA.resize(std::size_t(W));
    colB.resize(std::size_t(W));
    float* ca = colA.data();
    float* cb = colB.data();
    std::size_t n = 0;
    for (int x = 0; x < W; ++x) { // branch-free: always written, kept by advancing n
        ca[n] = float(a[3 * x + c]);
        cb[n] = float(b[3 * x + c]);
        n += (keep[x] >> bit) & 1u;
    }
    return n;
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
