#pragma once
// Robust standardisation (spec "Standardisation"): S(X) = (X - median(X)) / MAD(X) over a mask, per
// channel; S1(X) = (X - 1) / MAD(X) (paper A.4). MAD below the floor is replaced by the floor and
// marked so the caller can report the result as degenerate.
#include <array>
#include <cstddef>

namespace ll {

struct ChannelStats {
    double median = 0.0;
    double mad = 0.0;     // as measured
    double scale = 1.0;   // max(mad, floor): what S divides by
    std::size_t count = 0;
    bool floored = false; // mad < floor (or no pixels)
};
using RgbStats = std::array<ChannelStats, 3>;

// S and S1 of one channel with the division turned into a multiplication, as the evaluation applies
// them pixel by pixel (the median and MAD come from the evaluation's selection, EvalRows.h statsFrom).
struct Standardiser {
    double median = 0.0, inv = 1.0;
    explicit Standardiser(const ChannelStats& s) : median(s.median), inv(1.0 / s.scale) {}
    Standardiser() = default;
    double operator()(double x) const { return (x - median) * inv; }
    double aroundOne(double x) const { return (x - 1.0) * inv; }
};

} // namespace ll
