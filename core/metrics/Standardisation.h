#pragma once
// Robust standardisation (spec "Standardisation"): S(X) = (X - median(X)) / MAD(X) over a mask, per
// channel; S1(X) = (X - 1) / MAD(X) (paper A.4). MAD below the floor is replaced by the floor and
// marked so the caller can report the result as degenerate.
#include "image/Image.h"
#include "image/Plane.h"

#include <array>
#include <cstddef>
#include <vector>

namespace ll {

struct ChannelStats {
    double median = 0.0;
    double mad = 0.0;     // as measured
    double scale = 1.0;   // max(mad, floor): what S divides by
    std::size_t count = 0;
    bool floored = false; // mad < floor (or no pixels)
};
using RgbStats = std::array<ChannelStats, 3>;

ChannelStats statsOf(std::vector<float> values, double madFloor);

// Median and MAD of each channel of `img` over `mask` (channels in parallel).
RgbStats channelStats(const Image& img, const Mask& mask, const std::vector<std::size_t>& rowOffsets, double madFloor);

inline double standardise(double x, const ChannelStats& s) { return (x - s.median) / s.scale; }

// S and S1 of one channel with the division turned into a multiplication, as the evaluation applies
// them pixel by pixel (results can differ from standardise() in the last bit).
struct Standardiser {
    double median = 0.0, inv = 1.0;
    explicit Standardiser(const ChannelStats& s) : median(s.median), inv(1.0 / s.scale) {}
    Standardiser() = default;
    double operator()(double x) const { return (x - median) * inv; }
    double aroundOne(double x) const { return (x - 1.0) * inv; }
};
inline double standardiseAroundOne(double x, const ChannelStats& s) { return (x - 1.0) / s.scale; }

} // namespace ll
