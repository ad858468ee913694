#pragma once
// Axis ranges and tick positions at "nice" steps (1, 2, 2.5, 5 x 10^k), as plotting libraries choose them.
#include <vector>

namespace ll::figure {

struct Ticks {
    double lo = 0.0, hi = 1.0; // the axis range (a multiple of step at both ends)
    double step = 0.2;
    std::vector<double> values;
    bool log = false;          // logarithmic axis: positions by log10, lo and hi are powers of ten
    std::vector<double> minor; // log axes: unlabelled short ticks at the other multiples 2..9 of each decade
};

// Ticks covering [dataLo, dataHi] with about `target` intervals. Equal or non-finite bounds are widened.
Ticks niceTicks(double dataLo, double dataHi, int target = 5);

// Ticks for a fixed range: positions at a nice step inside [lo, hi] (the range itself is kept).
// `integer` (axes of counts): the step is a whole number (at least 1, never 2.5), so every tick is one.
Ticks ticksInRange(double lo, double hi, int target = 5, bool integer = false);

// Logarithmic ticks covering the positive range [dataLo, dataHi]: the axis runs from the power of ten
// at or below dataLo to the one at or above dataHi; ticks at every power of ten, and also at 2x and 5x
// when the axis spans at most two decades; minor ticks at the remaining 2..9 x 10^k. Non-positive or
// non-finite bounds give 1..10.
Ticks logTicks(double dataLo, double dataHi);

} // namespace ll::figure
