#pragma once
// The weights of a separable resampling along one axis, from `src` samples to `dst` samples, with
// pixel i of the output covering [i * src / dst, (i + 1) * src / dst) in input pixel units (pixel
// centres at half-integers on both sides, so the image edges line up).
#include <vector>

namespace ll {

struct AxisWeights {
    std::vector<int> first;       // first input sample of each output sample
    std::vector<int> count;       // number of input samples it reads (every weight is > 0)
    int stride = 0;               // weights per output sample in `weights` (>= every count)
    std::vector<double> weights;  // output i: weights[i * stride + t] for input first[i] + t
};

// Exact area averaging (dst <= src): output i is the mean of the input weighted by the fractional
// overlap of each input pixel with its footprint. The overlaps are computed in integers (units of
// 1 / dst input pixels), so the weights are exact ratios and each output's weights sum to 1.
AxisWeights areaWeights(int src, int dst);

// Linear interpolation (dst >= src, the "triangle" filter of upsampling): output i samples the input
// at u = (i + 0.5) * src / dst - 0.5 with the two nearest input pixels, clamped to the edge pixels.
// Weights are non-negative, so a non-negative image stays non-negative.
AxisWeights linearWeights(int src, int dst);

// Area averaging when shrinking, linear interpolation when enlarging, identity when equal.
AxisWeights resamplingWeights(int src, int dst);

// The input pixels whose area overlaps output i's footprint by a positive amount: [first, last].
struct FootprintRange {
    int first = 0, last = 0;
};
FootprintRange footprint(int src, int dst, int i);

} // namespace ll
