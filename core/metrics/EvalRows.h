#pragma once
// Row-level helpers the evaluation's stages share (EvalRun.h): the ratio rows E_R, E_G computed on
// the fly, compacting a row's selected values for BracketSelect, and turning selected medians and MADs
// into standardisation statistics.
#include "metrics/BracketSelect.h"
#include "metrics/EvalRowKernels.h"
#include "metrics/EditPixels.h"
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
const double* ratioRow(EvalWorkspace& ws, const Image& num, const EditPixels& edit, const Image& den, int y);

// The arithmetic of a ratio row for W pixels (any span of a row): ratioSpan of the numerator a, the
// edit g and the denominator d into er and eg (3 values per pixel), then 0 where keep[x] (Omega) is not
// set.
void ratioSpanInOmega(const float* a, const float* g, const float* d, const std::uint8_t* keep, int W, double* er,
                      double* eg);

// A per-pixel map's value from a pixel's three channel values px: their sum from 0, channel by channel,
// divided by 3 and rounded to float (the SIE map and the means of S(E)).
inline float channelMean(const double* px) {
    double sum = 0.0;
    for (int c = 0; c < 3; ++c) sum += px[c];
    return float(sum / 3.0);
}

// Empties every thread's cache of ratio rows and gradient rows (before a call: the rows belong to the
// last call's images).
void forgetRatioRows(EvalWorkspace& ws);

// M_R and M_G of row y (3W floats each, pixel x channel c at [3x + c]).
struct GradientRow {
    const float* real;
    const float* edit;
};
// The gradient rows as the SIE pass computes them: gradientMagnitudeSpan on the ratio rows y - 1, y,
// y + 1 for the inner pixels of the inner rows, 0 elsewhere; into the thread's scratch (valid until
// its next call).
GradientRow computeGradientRow(EvalWorkspace& ws, const Image& num, const EditPixels& edit, const Image& den, int y);
// Row y of the stored gradient images (EvalRun::gradientsStored), else computeGradientRow.
GradientRow gradientRow(EvalWorkspace& ws, bool stored, const Image& num, const EditPixels& edit, const Image& den, int y);

// The kept values of each channel of the interleaved row v (compactChannels, SpanKernels.h: channel c
// of the pixels whose keep[x] has bit bits[c]) into the thread's columns first + c, each contiguous
// (for BracketSelect::Emit::span); their numbers into n.
void compactInto(const float* v, const std::uint8_t* keep, const std::array<int, 3>& bits, int W,
                 EvalWorkspace::RowScratch& sc, int first, std::array<std::size_t, 3>& n);

// Sets 0-5: the medians of the six sampled quantities; sets 6-11: their MADs. The brackets of the six
// are found in parallel (each set's own sample, its own slots in sel).
void setMedianAndMadTargets(BracketSelect& sel, std::array<std::vector<float>, 6>& samples);

// Median and MAD of n values as standardisation statistics: the scale is the MAD, or `madFloor`
// (and floored) when the MAD is below it or there are no values.
ChannelStats statsFrom(std::size_t n, double median, double mad, double madFloor);

bool anyFloored(const RgbStats& s);

// The row kernels' standardisers (EvalRowKernels.h) of the real side r and the edit side g, each
// channel's median and reciprocal scale as Standardiser takes them.
ChannelStandardisers standardisersOf(const RgbStats& r, const RgbStats& g);

// "MAD of WHAT below FLOOR in channel RG" naming the floored channels.
std::string madReason(const char* what, const RgbStats& s, double floor);

} // namespace ll
