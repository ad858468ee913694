#pragma once
// Axis ranges and tick positions at "nice" steps (1, 2, 2.5, 5 x 10^k), as plotting libraries choose them.
#include <vector>

namespace ll::figure {

struct Ticks {
    double lo = 0.0, hi = 1.0; // the axis range (a multiple of step at both ends)
    double step = 0.2;
    std::vector<double> values;
};

// Ticks covering [dataLo, dataHi] with about `target` intervals. Equal or non-finite bounds are widened.
Ticks niceTicks(double dataLo, double dataHi, int target = 5);

// Ticks for a fixed range: positions at a nice step inside [lo, hi] (the range itself is kept).
Ticks ticksInRange(double lo, double hi, int target = 5);

} // namespace ll::figure
